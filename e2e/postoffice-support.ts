// A voice post office card made through the API, for tests that visit one without recording it
// in the browser: a tone made with ffmpeg as WebM/Opus (as a recorder sends it), uploaded, and
// a card saved with the seed's first template and cover.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export async function makeCardThroughApi(base: string, token: string): Promise<string> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
      ...['-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 8 * 1024 * 1024 },
  );
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(stdout)], { type: 'audio/webm' }), 'voice.webm');
  const uploaded = (await (
    await fetch(`${base}/api/postoffice/voices`, {
      method: 'POST',
      headers: { ut: token },
      body: form,
    })
  ).json()) as Envelope<{ voice: string }>;
  if (uploaded.code !== 0) throw new Error(`upload failed: ${uploaded.message}`);
  const made = (await (
    await fetch(`${base}/api/postoffice/cards`, {
      method: 'POST',
      headers: { ut: token, 'content-type': 'application/json' },
      body: JSON.stringify({
        template: 'birthday',
        cover: 'postcard-cake',
        voice: uploaded.data.voice,
        to: '小王',
        from: '小李',
        text: '生日快乐！愿你新的一岁，每天都有好吃的零食和开心的事。',
      }),
    })
  ).json()) as Envelope<{ code: string }>;
  if (made.code !== 0) throw new Error(`card failed: ${made.message}`);
  return made.data.code;
}
