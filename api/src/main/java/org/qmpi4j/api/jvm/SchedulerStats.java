package org.qmpi4j.api.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The operating system's scheduler statistics of one thread ({@code /proc/self/task/<tid>/schedstat}:
 * nanoseconds on the CPU, nanoseconds runnable but waiting for a CPU, time slices). Linux only;
 * elsewhere, or without scheduler statistics in the kernel, there is no thread to name and every
 * read is 0.
 */
final class SchedulerStats {
    /** No thread: nothing to read. */
    static final long NO_THREAD = -1;

    private SchedulerStats() {}

    /** The operating system's id of the calling thread, or {@link #NO_THREAD}. */
    static long currentThread() {
        try {
            // "<pid>/task/<tid>"
            String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
            return Long.parseLong(link.substring(link.lastIndexOf('/') + 1));
        } catch (IOException | RuntimeException e) {
            return NO_THREAD;
        }
    }

    /** Nanoseconds thread {@code tid} of this process was runnable but not running, or 0 if unknown. */
    static long waitingNanos(long tid) {
        if (tid == NO_THREAD) {
            return 0;
        }
        try {
            String s = new String(
                    Files.readAllBytes(Path.of("/proc/self/task", Long.toString(tid), "schedstat")),
                    StandardCharsets.US_ASCII);
            return parseWaiting(s);
        } catch (IOException | RuntimeException e) {
            return 0; // the thread ended, or no such statistics
        }
    }

    /**
     * Times thread {@code tid} of this process was taken off its CPU while it could have run on
     * (its involuntary context switches, {@code /proc/self/task/<tid>/status}), or 0 if unknown.
     */
    static long involuntarySwitches(long tid) {
        if (tid == NO_THREAD) {
            return 0;
        }
        try {
            String s = new String(
                    Files.readAllBytes(Path.of("/proc/self/task", Long.toString(tid), "status")),
                    StandardCharsets.US_ASCII);
            return parseInvoluntary(s);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** The number of the {@code nonvoluntary_ctxt_switches:} line, 0 without one. */
    static long parseInvoluntary(String status) {
        String key = "nonvoluntary_ctxt_switches:";
        int at = status.indexOf(key);
        if (at < 0) {
            return 0;
        }
        int end = status.indexOf('\n', at);
        return Long.parseLong(status.substring(at + key.length(), end < 0 ? status.length() : end)
                .trim());
    }

    /** The second of the three numbers. */
    static long parseWaiting(String schedstat) {
        String[] f = schedstat.trim().split(" ");
        return f.length >= 2 ? Long.parseLong(f[1]) : 0;
    }
}
