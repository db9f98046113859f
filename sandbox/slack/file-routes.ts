import express, { type Request, type Response } from "express";
import { multipart, type UploadedPart } from "./api-request.ts";
import type { FileStore } from "./file-store.ts";

/**
 * The two file URLs the stand-in hands out: upload URLs (files.getUploadURLExternal) take the bytes
 * raw or as multipart (the SDK sends a multipart file part) and answer "OK - <bytes>" like Slack's
 * upload host; url_private serves the bytes to a request bearing the bot token.
 */
export function fileRoutes(files: FileStore, botToken: string): express.Router {
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: "50mb" });

  router.post("/upload/v1/:id/:secret", raw, async (req: Request, res: Response) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const type = req.headers["content-type"] ?? "";
    let bytes = body;
    if (type.startsWith("multipart/form-data")) {
      const parts = await multipart(type, body);
      const file = Object.values(parts ?? {}).find((v): v is UploadedPart => typeof v === "object" && v !== null && "bytes" in v);
      if (!file) return void res.status(400).type("text/plain").send("no file part");
      bytes = file.bytes;
    }
    if (!files.receive(String(req.params.id), String(req.params.secret), bytes)) {
      return void res.status(404).type("text/plain").send("upload URL not found");
    }
    res.status(200).type("text/plain").send(`OK - ${bytes.length}`);
  });

  router.get("/files/:id/:name", (req: Request, res: Response) => {
    if (req.headers.authorization !== `Bearer ${botToken}`) return void res.status(403).type("text/plain").send("Forbidden");
    const upload = files.get(String(req.params.id));
    if (!upload?.file || !upload.bytes) return void res.status(404).type("text/plain").send("Not found");
    res.status(200).type(upload.file.mimetype).send(upload.bytes);
  });
  return router;
}
