// The entry of the executable's Prometheus exporter script, exporter.cjs: what `pbc exporter`
// (src/commands/exporter.ts) uses of src/exporter, apart from pbc's script (scripts/sea-apart.mjs).
export { FleetCollector } from '../src/exporter/collector.ts';
export { serveMetrics } from '../src/exporter/server.ts';
