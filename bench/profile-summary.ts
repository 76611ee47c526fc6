// What a CPU profile says, in a few lines: the share of samples spent in each function itself
// (top N), and by where the code lives (a package under node_modules, a folder of this project,
// or V8's own: the garbage collector, idle, the program).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const where = (url: string, name: string): string => {
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const own = /\/dist\/((src|bench)\/[^/]+)/.exec(url);
  if (own) return own[1]!;
  if (url.startsWith('node:')) return 'node';
  return url === '' ? name || '(native)' : 'generated code';
};

export interface ProfileSummary {
  functions: { share: number; name: string }[];
  places: { share: number; name: string }[];
}

export function summarizeProfile(file: string, top = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    self.set(id, (self.get(id) ?? 0) + delta);
    total += delta;
  });
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, '');
    const name = `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + time);
    const place = where(frame.url, frame.functionName);
    places.set(place, (places.get(place) ?? 0) + time);
  }
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, time]) => ({ share: Math.round((1000 * time) / Math.max(1, total)) / 10, name }));
  return { functions: ranked(functions), places: ranked(places) };
}

/** The summary as Markdown lines. */
export function profileLines(name: string, summary: ProfileSummary): string[] {
  return [
    `**${name}**: by place ${summary.places.map((place) => `${place.name} ${place.share} %`).join(', ')}.`,
    '',
    'Functions (self time): ' + summary.functions.map((fn) => `\`${fn.name}\` ${fn.share} %`).join('; ') + '.',
    '',
  ];
}
