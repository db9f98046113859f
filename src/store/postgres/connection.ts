/**
 * The pool's connection settings for a store kept in `schema`. node-postgres lets the URL's query
 * parameters override the config object, so a DATABASE_URL carrying its own libpq `options`
 * (`?options=-c statement_timeout=5000`) would silently drop our search_path: the two are merged
 * into one `options`, ours last, and taken out of the URL.
 */
export function connectionConfig(connectionString: string, schema: string | undefined): { connectionString: string; options?: string } {
  if (schema === undefined) return { connectionString };
  const searchPath = `-c search_path=${schema}`;
  const url = URL.parse(connectionString);
  const given = url?.searchParams.get("options");
  if (!url || !given) return { connectionString, options: searchPath };
  url.searchParams.delete("options");
  return { connectionString: url.toString(), options: `${given} ${searchPath}` };
}
