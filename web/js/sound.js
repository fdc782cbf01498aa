// Optional sounds, off by default: short tones made with WebAudio (no sound
// files). The context is created on first use, after a click, as browsers
// want; where WebAudio is missing the game simply stays silent.

const TONES = {
  // [frequency Hz, start s, length s, peak gain, wave]
  stone: [[660, 0, 0.07, 0.25, 'triangle'], [330, 0, 0.05, 0.15, 'sine']],
  capture: [[520, 0, 0.08, 0.22, 'triangle'], [390, 0.08, 0.1, 0.22, 'triangle']],
  win: [[523, 0, 0.14, 0.2, 'sine'], [659, 0.12, 0.14, 0.2, 'sine'], [784, 0.24, 0.14, 0.2, 'sine'], [1047, 0.36, 0.3, 0.2, 'sine']],
  lose: [[392, 0, 0.2, 0.18, 'sine'], [311, 0.18, 0.2, 0.18, 'sine'], [262, 0.36, 0.35, 0.18, 'sine']],
  draw: [[440, 0, 0.18, 0.18, 'sine'], [440, 0.22, 0.18, 0.18, 'sine']],
};

let enabled = false;
let ctx = null;
/** What was played, for tests: {count, last}. */
export const soundLog = { count: 0, last: null };

export function setSoundOn(on) {
  enabled = !!on;
}

export function soundOn() {
  return enabled;
}

export function playSound(kind) {
  if (!enabled || !TONES[kind]) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') ctx.resume();
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, at, len, peak, wave] of TONES[kind]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      // A quick attack and an exponential fade: a soft tap, no click.
      gain.gain.setValueAtTime(0.0001, t0 + at);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
    soundLog.count++;
    soundLog.last = kind;
  } catch {
    /* no WebAudio: stay silent */
  }
}
