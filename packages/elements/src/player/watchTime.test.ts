import { expect } from 'chai';
import { createWatchTime } from './watchTime.js';

/** A hand-driven clock and media: each step advances wall time and the media position. */
function rig(batchSeconds = 30) {
  let now = 0;
  let position = 0;
  const watch = createWatchTime({ clock: { now: () => now }, batchSeconds });
  const play = (seconds: number, rate = 1, step = 0.25) => {
    for (let t = 0; t < seconds - 1e-9; t += step) {
      now += step * 1000;
      position += step * rate;
      watch.tick(position, rate);
    }
  };
  return {
    watch,
    play,
    start: () => watch.start(position),
    seekTo: (to: number) => {
      watch.stop(position, 1);
      position = to;
    },
    wait: (seconds: number) => (now += seconds * 1000),
    /** The media jumps without a seeking event (some players, some streams). */
    jump: (by: number) => {
      now += 250;
      position += by;
      watch.tick(position, 1);
    },
    position: () => position,
  };
}

describe('watch time accumulator', () => {
  it('counts the wall time of played intervals', () => {
    const r = rig();
    r.start();
    r.play(3);
    expect(r.watch.pending()).to.be.closeTo(3, 1e-9);
    expect(r.watch.take()).to.deep.equal({ seconds: 3, position: 3 });
    expect(r.watch.pending()).to.be.closeTo(0, 1e-9);
  });

  it('counts wall time, not media time, at 2× speed', () => {
    const r = rig();
    r.start();
    r.play(4, 2);
    expect(r.watch.pending()).to.be.closeTo(4, 1e-9);
    expect(r.position()).to.equal(8);
  });

  it('does not count paused time or the time before playing starts', () => {
    const r = rig();
    r.play(2); // ticks before start(): not playing yet
    r.start();
    r.play(1);
    r.watch.stop(r.position(), 1);
    r.wait(60);
    r.watch.tick(r.position(), 1);
    expect(r.watch.pending()).to.be.closeTo(1, 1e-9);
  });

  it('does not count a seek forward, only the playing around it', () => {
    const r = rig();
    r.start();
    r.play(1);
    r.seekTo(9);
    r.start();
    r.play(1);
    expect(r.watch.pending()).to.be.closeTo(2, 1e-9);
  });

  it('ignores a tick whose media jump does not match the wall time (seek without events)', () => {
    const r = rig();
    r.start();
    r.play(1);
    r.jump(20);
    r.play(1);
    expect(r.watch.pending()).to.be.closeTo(2, 1e-9);
  });

  it('ignores a gap longer than a tick (computer slept, tab frozen)', () => {
    const r = rig();
    r.start();
    r.wait(600);
    r.watch.tick(600, 1);
    expect(r.watch.pending()).to.equal(0);
  });

  it('keeps fractions, signals a due batch and takes back a failed one', () => {
    const r = rig(5);
    r.start();
    r.play(4.5);
    expect(r.watch.due()).to.equal(false);
    r.play(1);
    expect(r.watch.due()).to.equal(true);
    const batch = r.watch.take()!;
    expect(batch.seconds).to.equal(5);
    expect(r.watch.pending()).to.be.closeTo(0.5, 1e-9);
    r.watch.giveBack(batch);
    expect(r.watch.pending()).to.be.closeTo(5.5, 1e-9);
  });

  it('never takes less than one second or more than 300', () => {
    const r = rig(1000);
    r.start();
    r.play(0.5);
    expect(r.watch.take()).to.equal(null);
    r.play(400);
    expect(r.watch.take()!.seconds).to.equal(300);
    expect(r.watch.take()!.seconds).to.equal(100);
  });
});
