// The History > Webhooks table in Chromium with 10,000 rows loaded: how many rows the DOM holds and how
// long each frame takes while the window scrolls through all of them. A benchmark, not a test: it prints
// the figures (goal: ≤ 100 DOM rows, no frame over 50 ms). The real stack serves the dashboard; the list
// call is answered with one 10,000-row page (serveWebhookLogs) so the rows are there without 500 scroll loads.
// Each table scrolls twice, on a fresh page each time: first with nothing recording, for the frame times a
// person gets (the goal's figure), then under a performance trace, for the main thread's CPU time in each
// frame: it counts only the page's own work, so a noisy machine can be told from slow code.
// Three controls scroll the same way: a static page as tall (the frames the machine itself gives), a
// hand-written virtual table of the same rows without React or Chakra (the least any table pays to swap rows
// in and out at that speed, so what is left is the dashboard's own overhead), and the same table reusing its
// row elements (what is left when the rows make no garbage: full collections are most of the long frames).
//   pnpm bench:logs   (or: jest --config e2e/jest.config.cjs --runInBand --testMatch '<rootDir>/bench/**/*.bench.ts')
//   BENCH_TRACE_FILE=/tmp/scroll-trace.json keeps the trace (open it in the DevTools Performance panel)
//   BENCH_SELECTOR_STATS=1 lists the CSS selectors the table's scroll spent its style work on (slows the frames)
//   BENCH_CPU_PROFILE=/tmp/scroll.cpuprofile keeps a JavaScript profile of the scroll (node api/bench/cpu-profile-summary.mjs summarises it)
//   BENCH_HEAP_PROFILE=/tmp/scroll.heapprofile keeps a sampled profile of what the scroll's JavaScript allocated (open it in the DevTools
//   Memory panel): allocation is what brings on the full garbage collections behind most long frames (slows the frames)
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import type { WebhookLog } from 'shared/contract';
import { signIn } from '../src/browser';
import { useStackAndBrowser } from '../src/setup';
import { serveWebhookLogs, webhookLogRow } from '../src/webhook-log-rows';
import { busyTraceCategories, FRAME_MARK, mainThreadBusy, type WorkKind } from './main-thread-busy';
import { costliestSelectors, selectorStatsCategory } from './selector-stats';

const env = useStackAndBrowser();
const ROWS = Number(process.env.BENCH_BROWSER_ROWS ?? 10_000);
/** How far the window scrolls each frame (BENCH_SCROLL_PX): 500 px is 30,000 px a second, a fast fling. */
const SCROLL_PX = Number(process.env.BENCH_SCROLL_PX ?? 500);

const row = (id: number): WebhookLog => webhookLogRow(id, id % 50 === 0);

/**
 * The controls' row height: the dashboard's average row (its table's height over its rows, measured by its run), so
 * that every page scrolls as far, in as many frames (37 px, one line, until then). The dashboard's rows are taller
 * (an event's to and from take two lines), and a shorter scroll has fewer frames that can be long.
 */
let controlRowPx = 37;

/** Median, p95, p99, longest and how many are over 50 ms, of a list of frame times in ms. */
function spread(frames: readonly number[]): string {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (share: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0).toFixed(1);
  // where in the scroll the long frames fell: at the start (code not warm yet) or anywhere (a collection, the machine)
  const long = frames.flatMap((frame, index) =>
    frame > 50 ? [`#${index + 1} ${frame.toFixed(1)} ms`] : [],
  );
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms, longest ${(sorted.at(-1) ?? 0).toFixed(1)} ms; over 50 ms: ${long.length}${long.length > 0 ? ` (${long.join(', ')})` : ''}`;
}

/** How many full garbage collections a scroll brought on, and the main thread's CPU ms in each (its pause). */
function fullCollections(cpu: readonly number[]): string {
  const sorted = [...cpu].sort((a, b) => a - b);
  const pauses =
    sorted.length > 0
      ? `, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms and longest ${sorted.at(-1)!.toFixed(1)} ms of main thread CPU each`
      : '';
  return `full garbage collections: ${cpu.length}${pauses}`;
}

/** The long animation frames a scroll had: how many, the longest, and how long they blocked input in all. */
function longFrames(frames: readonly { duration: number; blocking: number }[]): string {
  if (frames.length === 0) return '0';
  return `${frames.length}, longest ${Math.max(...frames.map((frame) => frame.duration)).toFixed(0)} ms, blocking ${frames.reduce((sum, frame) => sum + frame.blocking, 0).toFixed(0)} ms in all`;
}

/**
 * Runs in the page: scrolls the window `scrollPx` a frame from the top to the end, timing each frame
 * (marking its start for the trace) and counting the most rows the named table held at once.
 */
async function scrollToTheEnd({
  scrollPx,
  frameMark,
  table,
}: {
  scrollPx: number;
  frameMark: string;
  table: string;
}) {
  // frames the browser itself reports as long (over 50 ms), with how long they blocked input
  const longFrames: { duration: number; blocking: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      longFrames.push({
        duration: entry.duration,
        blocking: (entry as PerformanceEntry & { blockingDuration: number }).blockingDuration,
      });
  });
  if (PerformanceObserver.supportedEntryTypes.includes('long-animation-frame'))
    observer.observe({ type: 'long-animation-frame' });
  const drawnRows = () =>
    document.querySelectorAll(`table[aria-label="${table}"] tbody tr:not([aria-hidden])`).length;
  const frames: number[] = [];
  let mostRows = drawnRows();
  let last = performance.now();
  const began = last;
  await new Promise<void>((resolve) => {
    const step = (now: number) => {
      console.timeStamp(frameMark);
      frames.push(now - last);
      last = now;
      mostRows = Math.max(mostRows, drawnRows());
      const end = document.documentElement.scrollHeight - window.innerHeight;
      if (window.scrollY >= end - 1 || frames.length > 20_000) return resolve();
      window.scrollBy(0, scrollPx);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  console.timeStamp(frameMark);
  observer.disconnect();
  const lastRow = Array.from(
    document.querySelectorAll(`table[aria-label="${table}"] tbody tr[aria-rowindex]`),
  )
    .at(-1)
    ?.getAttribute('aria-rowindex');
  return {
    frames: frames.slice(1),
    mostRows,
    lastRow,
    seconds: (performance.now() - began) / 1000,
    scrolled: window.scrollY,
    longFrames,
  };
}

/** Scrolls a page's table to the end (scrollToTheEnd, in the page): alone, the frames as a person gets them. */
const scrollThrough = (page: Page, table: string) =>
  page.evaluate(scrollToTheEnd, { scrollPx: SCROLL_PX, frameMark: FRAME_MARK, table });

/** Scrolls a page's table to the end (scrollToTheEnd) under a performance trace: the frames and the main thread's work in each. */
async function scrollTraced(
  page: Page,
  table: string,
  { traceFile, selectorStats = false }: { traceFile?: string; selectorStats?: boolean } = {},
) {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: selectorStats
      ? [...busyTraceCategories, selectorStatsCategory]
      : busyTraceCategories,
  });
  const result = await scrollThrough(page, table);
  const trace = await browser.stopTracing();
  if (traceFile) fs.writeFileSync(traceFile, trace);
  const busy = mainThreadBusy(trace);
  if (selectorStats) {
    const lines = costliestSelectors(trace).map(
      (cost) =>
        `    ${cost.ms.toFixed(0).padStart(6)} ms ${String(cost.attempts).padStart(8)} tries ${String(cost.matches).padStart(8)} matches  ${cost.selector.slice(0, 120)}`,
    );
    console.info(
      `the selectors ${table}'s scroll spent the most style time on:\n${lines.join('\n')}`,
    );
  }
  // the first mark opens a frame the wall times leave out (it began before the scroll)
  return { result, busy, busyWall: busy.wall.slice(1), busyCpu: busy.cpu.slice(1) };
}

it(`scrolls the webhook logs through ${ROWS} loaded rows`, async () => {
  const page = await (
    await env.browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  await signIn(page, env.stack.baseUrl, 'admin@example.com');
  const all = Array.from({ length: ROWS }, (_, index) => row(ROWS - index));
  await serveWebhookLogs(page, all);
  const openWebhookLogs = async () => {
    await page.goto(`${env.stack.baseUrl}/admin/dashboard/history/webhook-logs`);
    await page.getByText(`Total: ${ROWS}`).waitFor();
    await page.getByRole('table', { name: 'Webhook logs' }).getByText(`Subject ${ROWS}`).waitFor();
  };
  await openWebhookLogs();
  const untraced = await scrollThrough(page, 'Webhook logs');
  await openWebhookLogs();

  const profiler = process.env.BENCH_CPU_PROFILE ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  const heapProfiler = process.env.BENCH_HEAP_PROFILE
    ? await page.context().newCDPSession(page)
    : null;
  if (heapProfiler) {
    await heapProfiler.send('HeapProfiler.enable');
    await heapProfiler.send('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const { result, busy, busyWall, busyCpu } = await scrollTraced(page, 'Webhook logs', {
    traceFile: process.env.BENCH_TRACE_FILE,
    selectorStats: Boolean(process.env.BENCH_SELECTOR_STATS),
  });
  if (profiler)
    fs.writeFileSync(
      process.env.BENCH_CPU_PROFILE!,
      JSON.stringify((await profiler.send('Profiler.stop')).profile),
    );
  if (heapProfiler)
    fs.writeFileSync(
      process.env.BENCH_HEAP_PROFILE!,
      JSON.stringify((await heapProfiler.send('HeapProfiler.stopSampling')).profile),
    );
  const total = (frames: readonly number[]) => frames.reduce((sum, ms) => sum + ms, 0);
  const cpuTotal = total(Object.values(busy.cpuByKind));
  const share = (kind: WorkKind) =>
    `${kind} ${Math.round((busy.cpuByKind[kind] / cpuTotal) * 100)}%`;
  console.info(
    [
      `Chromium, ${ROWS} rows loaded, the window scrolled ${SCROLL_PX} px a frame to the end (${Math.round(result.scrolled)} px, ${result.seconds.toFixed(1)} s, last row index ${result.lastRow}):`,
      `  most table rows in the DOM at once: ${untraced.mostRows}`,
      `  frames: ${untraced.frames.length}; ${spread(untraced.frames)}`,
      `  long animation frames the browser reported: ${longFrames(untraced.longFrames)}`,
      `  scrolled again under a performance trace: frames: ${result.frames.length}; ${spread(result.frames)}`,
      `  main thread CPU time per frame (the page's own work): ${spread(busyCpu)}; ${(total(busyCpu) / 1000).toFixed(1)} s in all (${(['script', 'style', 'layout', 'paint', 'other'] as const).map(share).join(', ')})`,
      `  main thread busy per frame (its tasks' wall time): ${spread(busyWall)}; ${(total(busyWall) / 1000).toFixed(1)} s in all, of which ${((total(busyWall) - total(busyCpu)) / 1000).toFixed(1)} s off the CPU (waiting for a core, or for another thread)`,
      `  ${fullCollections(busy.majorGcCpu)}`,
    ].join('\n'),
  );
  expect(untraced.lastRow).toBe(String(ROWS + 1));
  expect(result.lastRow).toBe(String(ROWS + 1));
  controlRowPx = await page.evaluate(
    (rows) =>
      document.querySelector('table[aria-label="Webhook logs"] tbody')!.getBoundingClientRect()
        .height / rows,
    ROWS,
  );
}, 300_000);

// The machine's floor: a static page as tall, of plain one-line rows (no script, nothing changes while
// it scrolls), scrolled the same way. Its long frames are the browser's and the machine's; the rest of
// the table's are its own per-frame work.
it('scrolls a static page of the same height, for comparison', async () => {
  const page = await (
    await env.browser.newContext({ viewport: { width: 1440, height: 900 } })
  ).newPage();
  const rows = Array.from(
    { length: ROWS },
    (_, index) =>
      `<div class="row">${row(ROWS - index).createdAt} admin@example.com lead${index}@northwind.example Subject ${index} EMAIL_REPLY Success</div>`,
  );
  await page.setContent(
    `<!doctype html><style>body { margin: 0; font: 14px sans-serif } .row { height: ${controlRowPx}px; white-space: nowrap }</style>${rows.join('')}`,
  );
  const result = await page.evaluate(scrollToTheEnd, {
    scrollPx: SCROLL_PX,
    frameMark: FRAME_MARK,
    table: 'none',
  });
  console.info(
    `A static page of ${ROWS} plain rows as tall (${controlRowPx.toFixed(1)} px a row), scrolled ${SCROLL_PX} px a frame (${Math.round(result.scrolled)} px): frames: ${result.frames.length}; ${spread(result.frames)}`,
  );
  await page.context().close();
}, 120_000);

/** The cells of a row as the hand-written tables draw them: the texts, the subject, and the status as HTML. */
function handWrittenCells(log: WebhookLog): { texts: string[]; subject: string; status: string } {
  const errors = log.webhookLogResults.errors;
  const { to_email: to, from_email: from, subject } = log.smartleadPayload.payload;
  return {
    texts: [
      log.createdAt,
      log.user.email,
      String(log.webhookId),
      log.eventType ?? '',
      to ?? '',
      from ?? '',
    ],
    subject: subject ?? '',
    status: `<div class="lines"><span class="badge">${errors.length > 0 ? 'Error' : 'Success'}</span>${errors.map((error) => `<span class="truncate">${error}</span>`).join('')}</div>`,
  };
}

/**
 * A page with a table as ours is built (fixed layout with columns wide enough for one line, the rows near the view
 * between two spacer rows, `controlRowPx` a row, 6 drawn beyond each edge), kept by `script` (given the rows and that
 * height) on each scroll event.
 */
function handWrittenPage<Data>(
  script: (data: { rows: Data; height: number }) => void,
  rows: Data,
): string {
  const spacer = '<tr aria-hidden="true"><td colspan="8" style="padding: 0; border: 0"></td></tr>';
  return `<!doctype html><style>
    body { margin: 0; font: 14px/20px sans-serif } header { height: 300px }
    table { border-collapse: collapse; table-layout: fixed; width: 1400px }
    td { padding: 8px; border-bottom: 1px solid #ddd; overflow-wrap: break-word; vertical-align: middle }
    tr[aria-rowindex] { height: ${controlRowPx}px }
    .truncate { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 14rem }
    .lines { display: flex; flex-direction: column; gap: 4px; align-items: flex-start }
    .badge { display: inline-flex; padding: 0 6px; border-radius: 4px; font-size: 12px; background: #dcfce7 }
  </style><header></header><table aria-label="Hand-written"><colgroup>${[180, 170, 80, 110, 240, 170, 250, 200].map((width) => `<col style="width: ${width}px">`).join('')}</colgroup><thead><tr>${['Time', 'User', 'Webhook', 'Event type', 'To', 'From', 'Subject', 'Status'].map((name) => `<th>${name}</th>`).join('')}</tr></thead>
  <tbody>${spacer}${spacer}</tbody></table><script>(${script.toString()})(${JSON.stringify({ rows, height: controlRowPx })})</script>`;
}

/** The rows near the view made anew as they come into it, and removed as they leave (as a keyed React list does). */
function handWrittenVirtualTable(rows: readonly WebhookLog[]): string {
  const cells = rows.map((log) => {
    const { texts, subject, status } = handWrittenCells(log);
    return [...texts, `<span class="truncate">${subject}</span>`, status];
  });
  const script = ({ rows: cellsOfRows, height }: { rows: string[][]; height: number }) => {
    const overscan = 6;
    const body = document.querySelector('tbody')!;
    const [above, below] = [body.rows[0]!, body.rows[1]!];
    const top = body.getBoundingClientRect().top + window.scrollY;
    const drawn = new Map<number, HTMLTableRowElement>();
    const update = () => {
      const first = Math.max(0, Math.floor((window.scrollY - top) / height) - overscan);
      const last = Math.min(
        cellsOfRows.length - 1,
        Math.ceil((window.scrollY - top + window.innerHeight) / height) + overscan,
      );
      for (const [index, element] of drawn) {
        if (index >= first && index <= last) continue;
        element.remove();
        drawn.delete(index);
      }
      let next: HTMLTableRowElement = below;
      for (let index = last; index >= first; index -= 1) {
        let element = drawn.get(index);
        if (!element) {
          element = document.createElement('tr');
          element.setAttribute('aria-rowindex', String(index + 2));
          element.innerHTML = cellsOfRows[index]!.map((cell) => `<td>${cell}</td>`).join('');
          drawn.set(index, element);
          body.insertBefore(element, next);
        }
        next = element;
      }
      above.style.height = `${first * height}px`;
      below.style.height = `${(cellsOfRows.length - 1 - last) * height}px`;
    };
    update();
    window.addEventListener('scroll', update);
  };
  return handWrittenPage(script, cells);
}

/**
 * The same table with its rows reused: a pool of row elements, the first showing the first row near the view, the
 * next the one after it, each given the texts of its new row as the view moves (no element made or removed while it scrolls).
 */
function recycledVirtualTable(rows: readonly WebhookLog[]): string {
  const script = ({
    rows: items,
    height,
  }: {
    rows: { texts: string[]; subject: string; status: string }[];
    height: number;
  }) => {
    const overscan = 6;
    const body = document.querySelector('tbody')!;
    const [above, below] = [body.rows[0]!, body.rows[1]!];
    const top = body.getBoundingClientRect().top + window.scrollY;
    const pool: {
      tr: HTMLTableRowElement;
      texts: Text[];
      subject: Text;
      status: HTMLTableCellElement;
      shownStatus: string;
      index: number;
    }[] = [];
    const addToPool = () => {
      const tr = document.createElement('tr');
      tr.innerHTML = `${'<td> </td>'.repeat(6)}<td><span class="truncate"> </span></td><td></td>`;
      const tds = Array.from(tr.cells);
      pool.push({
        tr,
        texts: tds.slice(0, 6).map((td) => td.firstChild as Text),
        subject: tds[6]!.firstChild!.firstChild as Text,
        status: tds[7]!,
        shownStatus: '',
        index: -1,
      });
      body.insertBefore(tr, below);
    };
    const update = () => {
      const first = Math.max(0, Math.floor((window.scrollY - top) / height) - overscan);
      const last = Math.min(
        items.length - 1,
        Math.ceil((window.scrollY - top + window.innerHeight) / height) + overscan,
      );
      const count = last - first + 1;
      while (pool.length < count) addToPool();
      pool.forEach((entry, place) => {
        const index = place < count ? first + place : -1;
        if (entry.index === index) return;
        entry.index = index;
        entry.tr.hidden = index < 0;
        if (index < 0) return entry.tr.removeAttribute('aria-rowindex');
        const item = items[index]!;
        entry.tr.setAttribute('aria-rowindex', String(index + 2));
        item.texts.forEach((text, column) => (entry.texts[column]!.data = text));
        entry.subject.data = item.subject;
        if (entry.shownStatus === item.status) return;
        entry.status.innerHTML = item.status;
        entry.shownStatus = item.status;
      });
      above.style.height = `${first * height}px`;
      below.style.height = `${(items.length - 1 - last) * height}px`;
    };
    update();
    window.addEventListener('scroll', update);
  };
  return handWrittenPage(script, rows.map(handWrittenCells));
}

// The least a virtual table pays at this speed: the same rows swapped in and out by plain script, no framework; and the
// same with its row elements reused, which makes almost no garbage for the browser to collect.
it.each([
  ['a hand-written virtual table', handWrittenVirtualTable],
  ['a hand-written virtual table reusing its row elements', recycledVirtualTable],
])(
  'scrolls %s, the same rows, for comparison',
  async (name, table) => {
    const page = await (
      await env.browser.newContext({ viewport: { width: 1440, height: 900 } })
    ).newPage();
    const html = table(Array.from({ length: ROWS }, (_, index) => row(ROWS - index)));
    await page.setContent(html);
    const untraced = await scrollThrough(page, 'Hand-written');
    await page.setContent(html);
    const { result, busy, busyCpu } = await scrollTraced(page, 'Hand-written');
    console.info(
      `${name[0]!.toUpperCase()}${name.slice(1)} (plain script, no React or Chakra), the same ${ROWS} rows (${controlRowPx.toFixed(1)} px a row), scrolled ${SCROLL_PX} px a frame: most rows in the DOM ${untraced.mostRows}; frames: ${untraced.frames.length}; ${spread(untraced.frames)}; under a trace: ${spread(result.frames)}; main thread CPU per frame: ${spread(busyCpu)}; ${fullCollections(busy.majorGcCpu)}`,
    );
    expect(untraced.lastRow).toBe(String(ROWS + 1));
    expect(result.lastRow).toBe(String(ROWS + 1));
    await page.context().close();
  },
  120_000,
);
