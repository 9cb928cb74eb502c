// The wasm module's glue: requests and answers as JSON through linear
// memory (web/src/ffi.rs), and the searches' clock, performance.now().
// Shared by the page, its Worker and the node test (web/tests/wasm.rs).
class Engine {
  static async create(bytes) {
    const { instance } = await WebAssembly.instantiate(bytes, {
      clock: { now_ms: () => performance.now() },
    });
    return new Engine(instance.exports);
  }
  constructor(exports) {
    this.x = exports;
  }
  call(request) {
    const bytes = new TextEncoder().encode(JSON.stringify(request));
    const at = this.x.web_in(bytes.length);
    new Uint8Array(this.x.memory.buffer, at, bytes.length).set(bytes);
    const n = this.x.web_call();
    const out = new Uint8Array(this.x.memory.buffer, this.x.web_out(), n);
    return JSON.parse(new TextDecoder().decode(out));
  }
}
