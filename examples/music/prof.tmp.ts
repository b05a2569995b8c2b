import { renderPiece, STYLE_NAMES } from './src/server/modules/demo-library/generate/synth';
import { encodeMp3 } from './src/server/modules/demo-library/generate/mp3';
import { renderCover } from './src/server/modules/demo-library/generate/cover';
const cpu = (c: NodeJS.CpuUsage) => { const u = process.cpuUsage(c); return ((u.user + u.system) / 1000) | 0; };
await encodeMp3(new Float32Array(44100), new Float32Array(44100));
for (const style of STYLE_NAMES) {
  let c = process.cpuUsage();
  const p = renderPiece({ style, seed: 7, targetSeconds: 36 });
  const r = cpu(c); c = process.cpuUsage();
  await encodeMp3(p.left, p.right);
  console.log(style, (p.left.length / 44100).toFixed(1), 's: render', r, 'encode', cpu(c), 'ms cpu');
}
let c = process.cpuUsage();
for (let i = 0; i < 5; i++) renderCover({ seed: i, style: 'waves' });
console.log('cover x5', cpu(c));
