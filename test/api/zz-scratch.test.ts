import { it } from 'vitest';
import { startRig } from './helpers.js';
it('raw', async () => {
  const rig = await startRig();
  for (const p of ['/ports/stats', '/device/environment', '/device/loadaverage', '/users', '/apps/running', '/device/controller', '/users/radius']) {
    console.log(p, (await rig.raw('GET', p)).text.slice(0, 400));
  }
  console.log((await rig.raw('POST', '/apps', { name: 'ntp' })).text);
  console.log((await rig.raw('GET', '/apps/running')).text.slice(0, 600));
  console.log((await rig.raw('POST', '/savepoints/rulesavepoint', { name: 'x' })).text.slice(0, 900));
  await rig.close();
});
