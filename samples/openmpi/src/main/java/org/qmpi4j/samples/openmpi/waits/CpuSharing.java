package org.qmpi4j.samples.openmpi.waits;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A process made to share one CPU with busy processes, through {@code taskset} (Linux): with
 * {@link #BUSY} of them the operating system gives it about a quarter of that CPU (less on a loaded
 * machine), and it is runnable but not running the rest. Several, not one, so that the effect stands
 * out of what a loaded machine does to any process anyway.
 */
final class CpuSharing {
    /** Busy processes on the CPU. */
    static final int BUSY = 3;

    private CpuSharing() {}

    /**
     * Binds every thread of this JVM to the last CPU it may run on and starts {@link #BUSY} busy
     * processes bound to the same CPU; the caller destroys them. They end by themselves after two
     * minutes, in case this JVM is killed before it can.
     */
    static Process[] pinWithBusyProcesses() throws IOException, InterruptedException {
        String cpu = lastAllowedCpu();
        long pid = ProcessHandle.current().pid();
        Process pin = new ProcessBuilder("taskset", "-a", "-p", "-c", cpu, Long.toString(pid))
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (pin.waitFor() != 0) {
            throw new IOException("taskset could not bind process " + pid + " to CPU " + cpu);
        }
        Process[] busy = new Process[BUSY];
        for (int i = 0; i < BUSY; i++) {
            busy[i] = new ProcessBuilder("timeout", "120", "taskset", "-c", cpu, "sh", "-c", "while :; do :; done")
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        }
        Thread.sleep(50); // until the busy processes run
        return busy;
    }

    /**
     * The calling thread's scheduler statistics ({@code /proc/thread-self/schedstat}, Linux), kept
     * open so that a reading is one system call, as the agent's is: the program's readings then
     * leave as little as can be between them and the agent's.
     */
    static final class ThreadSchedstat implements AutoCloseable {
        private final FileChannel channel;
        private final ByteBuffer buf = ByteBuffer.allocate(128);

        /** The calling thread's. */
        ThreadSchedstat() throws IOException {
            String link = Files.readSymbolicLink(Path.of("/proc/thread-self")).toString();
            channel = FileChannel.open(
                    Path.of("/proc/self/task", link.substring(link.lastIndexOf('/') + 1), "schedstat"),
                    StandardOpenOption.READ);
        }

        /**
         * Reads into {@code into} the thread's time runnable but not running since it started, in ns
         * (the second number), then its times switched in to run (the third: each after a wait, if
         * any, for a CPU).
         */
        void read(long[] into) throws IOException {
            buf.clear();
            int n = channel.read(buf, 0);
            long v = 0;
            int field = 0;
            for (int i = 0; i < n && field < 3; i++) { // parsed in place: nothing allocated after the reading
                byte c = buf.get(i);
                if (c == ' ' || c == '\n') {
                    if (field > 0) {
                        into[field - 1] = v;
                    }
                    field++;
                    v = 0;
                } else if (field > 0) {
                    v = v * 10 + (c - '0');
                }
            }
            if (field < 3) {
                throw new IOException("schedstat without three numbers");
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    /** The highest CPU number in this process's {@code Cpus_allowed_list}, e.g. "1" of "0-1". */
    private static String lastAllowedCpu() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Cpus_allowed_list:")) {
                String list = line.substring(line.indexOf(':') + 1).trim();
                String last = list.substring(list.lastIndexOf(',') + 1);
                return last.substring(last.lastIndexOf('-') + 1);
            }
        }
        return "0";
    }
}
