// How busy the page's main thread was in each frame, from a Chromium performance trace: wall frame times
// on a shared machine grow when other processes take the cores, busy time grows only when the page's own
// work (script, style, layout, paint) does. The page marks each frame with console.timeStamp(FRAME_MARK).

/** The trace categories this reads (browser.startTracing). */
export const busyTraceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
];

/** What the page passes to console.timeStamp at the start of each frame. */
export const FRAME_MARK = 'bench-frame';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event (µs): what it ran, not what it waited for a core. */
  tdur?: number;
  tts?: number;
  pid: number;
  tid: number;
  args?: { data?: { message?: string } };
}

/** The kinds of work the busy time is split into (each event's own time, what it spent outside its children). */
export type WorkKind = 'script' | 'style' | 'layout' | 'paint' | 'other';

const scriptEvents = new Set([
  'FunctionCall',
  'FireAnimationFrame',
  'TimerFire',
  'EvaluateScript',
  'EventDispatch',
  'RunMicrotasks',
  'V8.Execute',
  'v8.callFunction',
  'v8.run',
]);
const paintEvents = new Set([
  'Paint',
  'PrePaint',
  'Layerize',
  'UpdateLayer',
  'Commit',
  'PaintImage',
  'RasterTask',
  'CompositeLayers',
  'ScrollLayer',
]);

const kindOf = (name: string): WorkKind => {
  if (
    name === 'UpdateLayoutTree' ||
    name === 'RecalculateStyles' ||
    name === 'ParseAuthorStyleSheet'
  )
    return 'style';
  if (
    name === 'Layout' ||
    name === 'ResizeObserver' ||
    name === 'IntersectionObserverController::computeIntersections'
  )
    return 'layout';
  if (paintEvents.has(name)) return 'paint';
  if (scriptEvents.has(name) || name.startsWith('V8.') || name.startsWith('v8.')) return 'script';
  return 'other';
};

export interface FrameBusy {
  /** Per frame (between one frame mark and the next), the main thread's busy time in ms: how long its tasks took (wall). */
  wall: number[];
  /** Per frame, the main thread's CPU time in ms: the part of that it ran (the rest it waited for a core, or for another thread). */
  cpu: number[];
  /** CPU milliseconds of each kind of work over all the frames. */
  cpuByKind: Record<WorkKind, number>;
  /** The main thread's CPU ms in each full (major) garbage collection during the frames: a long frame is often one. */
  majorGcCpu: number[];
}

interface Interval {
  name: string;
  start: number;
  end: number;
  cpu: number;
}

/** The thread's events as intervals (complete events, and begin/end pairs joined), outermost first. */
function intervalsOf(events: TraceEvent[]): Interval[] {
  const intervals: Interval[] = [];
  const open: TraceEvent[] = [];
  for (const event of events) {
    if (event.ph === 'X' && event.dur !== undefined)
      intervals.push({
        name: event.name,
        start: event.ts,
        end: event.ts + event.dur,
        cpu: event.tdur ?? event.dur,
      });
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begun = open.pop();
      if (begun)
        intervals.push({
          name: begun.name,
          start: begun.ts,
          end: event.ts,
          cpu:
            begun.tts !== undefined && event.tts !== undefined
              ? event.tts - begun.tts
              : event.ts - begun.ts,
        });
    }
  }
  return intervals.sort((a, b) => a.start - b.start || b.end - a.end);
}

const isTask = (name: string) => name === 'RunTask' || name === 'ThreadControllerImpl::RunTask';

/** Splits the page's main-thread work in the trace into the frames its frame marks bound (a task counts in the frame it starts in). */
export function mainThreadBusy(traceJson: Buffer | string): FrameBusy {
  const parsed = JSON.parse(traceJson.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const marks = events.filter(
    (event) => event.name === 'TimeStamp' && event.args?.data?.message === FRAME_MARK,
  );
  const cpuByKind: Record<WorkKind, number> = {
    script: 0,
    style: 0,
    layout: 0,
    paint: 0,
    other: 0,
  };
  if (marks.length < 2) return { wall: [], cpu: [], cpuByKind, majorGcCpu: [] };
  const { pid, tid } = marks[0]!;
  const bounds = marks.map((mark) => mark.ts).sort((a, b) => a - b);
  const wall = new Array<number>(bounds.length - 1).fill(0);
  const cpu = new Array<number>(bounds.length - 1).fill(0);
  const frameOf = (ts: number) => {
    let low = 0;
    let high = bounds.length - 1;
    if (ts < bounds[0]! || ts >= bounds[high]!) return -1;
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (bounds[middle]! <= ts) low = middle;
      else high = middle;
    }
    return low;
  };
  // walk the tree of each task: an event's own CPU time is its CPU time less its children's
  const stack: (Interval & { frame: number; childCpu: number })[] = [];
  const close = (until: number) => {
    while (stack.length > 0 && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      if (done.frame >= 0)
        cpuByKind[kindOf(done.name)] += Math.max(0, done.cpu - done.childCpu) / 1000;
      const parent = stack.at(-1);
      if (parent) parent.childCpu += done.cpu;
    }
  };
  for (const interval of intervalsOf(
    events.filter((event) => event.pid === pid && event.tid === tid),
  )) {
    close(interval.start);
    const parent = stack.at(-1);
    // a stray event outside a task is not the page's work
    if (!parent && !isTask(interval.name)) continue;
    const frame = parent ? parent.frame : frameOf(interval.start);
    if (!parent && frame >= 0) {
      wall[frame]! += (interval.end - interval.start) / 1000;
      cpu[frame]! += interval.cpu / 1000;
    }
    stack.push({
      ...interval,
      end: Math.min(interval.end, parent?.end ?? Infinity),
      frame,
      childCpu: 0,
    });
  }
  close(Infinity);
  const majorGcCpu = events
    .filter(
      (event) =>
        event.pid === pid &&
        event.tid === tid &&
        event.name === 'MajorGC' &&
        event.ph === 'X' &&
        frameOf(event.ts) >= 0,
    )
    .map((event) => (event.tdur ?? event.dur ?? 0) / 1000);
  return { wall, cpu, cpuByKind, majorGcCpu };
}
