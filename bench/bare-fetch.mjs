// The baseline of bench/cli.mjs: one fetch of the URL given, printed. Nothing else.
const res = await fetch(process.argv[2]);
process.stdout.write(await res.text());
