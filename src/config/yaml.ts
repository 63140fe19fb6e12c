type YamlModule = typeof import('yaml');

/**
 * The yaml package, loaded when first needed (the configuration file, `-o yaml`). yaml is
 * CommonJS: in esbuild's code-split bundle a dynamic import of it yields only `default`
 * (module.exports), under Node/vitest a namespace with both. Take either.
 */
export async function loadYaml(): Promise<YamlModule> {
  const mod = (await import('yaml')) as YamlModule & { default?: YamlModule };
  return mod.default ?? mod;
}
