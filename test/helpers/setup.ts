import nock from "nock";

// No test may reach the outside world: only loopback (the sandbox emulator, local Slack
// stand-ins and servers started by the test itself) is allowed.
nock.disableNetConnect();
nock.enableNetConnect((host) => /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]|::1)(:\d+)?$/.test(host));
