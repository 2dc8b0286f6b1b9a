import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createEventWriter } from './event-writer.js';
/** The thread's module, built beside this one (absent when the api runs from its TypeScript sources, as in the unit tests). */
export const intakeWriterThreadFile = fileURLToPath(new URL('./intake-writer-thread.js', import.meta.url));
/**
 * The receiver's reading and writing, off the event loop: a thread with its own connection to the
 * database reads each post (JSON, the platform's normaliser: intake.ts planKnownPost) and stores the
 * posts of one moment in one commit (intake-writer-thread.ts), answering once they are on disk. The
 * api's thread is left the HTTP work: under load it reads the next posts while the last ones are read
 * and committed, one batch at a time (event-writer.ts). Should the thread die, `fallback` (the same
 * steps on the api's own thread) takes what comes after.
 */
export function startIntakeWriter({ database, jobOptions, fallback }, threadFile = intakeWriterThreadFile) {
    const thread = new Worker(threadFile, { workerData: { database, jobOptions } });
    const waiting = new Map();
    let seq = 0;
    let failed = null;
    let stopping = false;
    const failAll = (error) => {
        failed ??= error;
        for (const entry of waiting.values())
            entry.reject(error);
        waiting.clear();
    };
    thread.on('message', (reply) => {
        const entry = waiting.get(reply.seq);
        waiting.delete(reply.seq);
        if ('error' in reply)
            entry?.reject(new Error(reply.error));
        else
            entry?.resolve(reply.results);
    });
    thread.on('error', failAll);
    const exited = new Promise((resolve) => thread.once('exit', (code) => {
        if (!stopping)
            failAll(new Error(`The receiver's intake thread stopped (exit code ${code})`));
        resolve();
    }));
    const takeBatch = (posts) => {
        if (failed !== null || stopping)
            return Promise.all(posts.map(fallback));
        const batch = { seq: ++seq, posts: [...posts] };
        return new Promise((resolve, reject) => {
            waiting.set(batch.seq, { resolve, reject });
            thread.postMessage(batch);
        });
    };
    const writer = createEventWriter(takeBatch);
    return {
        takeKnown: writer.write,
        async close() {
            if (stopping)
                return exited;
            stopping = true;
            // after the batches already posted: the thread takes its messages in order
            thread.postMessage('stop');
            await exited;
        },
    };
}
/** Whether this build has the intake thread (see intakeWriterThreadFile). */
export const hasIntakeWriterThread = () => fs.existsSync(intakeWriterThreadFile);
//# sourceMappingURL=intake-writer.js.map