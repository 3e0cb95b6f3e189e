// The loaders of the split app wasm (`xtask/src/split.rs` writes one line per
// part after this). A part is instantiated against the main module's memory,
// table and exports, and what it exports is shared with the parts after it.
// Unlike wasm-split-cli's own loader, a part that cannot be fetched or
// instantiated (offline before it was ever kept) answers `false`, so the app
// can say so instead of waiting for ever.
function makeLoad(url, deps, shared, initSync) {
  let pending = null;
  const ready = () => {
    if (!pending) {
      pending = (async () => {
        await Promise.all(deps.map((dep) => dep.ready()));
        const main = initSync(undefined, undefined);
        const response = await fetch(url);
        if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
        const imports = { env: { memory: main.memory }, __wasm_split: Object.assign({}, main, shared) };
        const { instance } = await WebAssembly.instantiateStreaming(response, imports);
        Object.assign(shared, instance.exports);
        return main;
      })();
    }
    return pending;
  };
  const load = async (callbackIndex, callbackData) => {
    let main = null;
    try {
      main = await ready();
    } catch (error) {
      console.warn("Papan: could not load", url, error);
    }
    if (callbackIndex !== undefined) {
      const table = (main || initSync(undefined, undefined)).__indirect_function_table;
      table.get(callbackIndex)(callbackData, main !== null);
    }
  };
  load.ready = ready;
  return load;
}

const fusedImports = {};
