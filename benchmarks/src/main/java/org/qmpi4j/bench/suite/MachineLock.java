package org.qmpi4j.bench.suite;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.qmpi4j.api.Nullable;

/**
 * A lock shared with other users of the machine, held for one round of jobs: {@code flock(1)} on
 * a file, kept by a child {@code flock} that holds it until its input closes. (Java's own file
 * locks are POSIX record locks, which {@code flock(1)} does not see.) Without a file it holds nothing.
 */
final class MachineLock implements AutoCloseable {
    private final @Nullable Process holder;

    private MachineLock(@Nullable Process holder) {
        this.holder = holder;
    }

    /** Waits until the lock on {@code file} is held; {@code null}: no lock. */
    static MachineLock hold(@Nullable Path file) throws IOException {
        if (file == null) {
            return new MachineLock(null);
        }
        Process p = new ProcessBuilder(List.of("flock", file.toString(), "sh", "-c", "echo held; exec cat >/dev/null"))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        if (!"held".equals(line)) {
            p.destroy();
            throw new IOException("flock " + file + " did not take the lock (is flock(1) installed?)");
        }
        return new MachineLock(p);
    }

    @Override
    public void close() throws IOException {
        if (holder != null) {
            holder.getOutputStream().close();
            try {
                holder.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                holder.destroy();
            }
        }
    }
}
