// The server's TypeScript lib has no DOM, where WebAssembly's types live; these are the parts the grader uses.
declare namespace WebAssembly {
  class Module {
    private readonly brand: 'Module';
    static imports(module: Module): { module: string; name: string; kind: string }[];
  }
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  interface Instance {
    readonly exports: Record<string, unknown>;
  }
  function compile(bytes: ArrayBufferView | ArrayBuffer): Promise<Module>;
  function instantiate(module: Module, imports?: Record<string, Record<string, unknown>>): Promise<Instance>;
}
