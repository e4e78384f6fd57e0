package org.qmpi4j.tools.check;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.qmpi4j.api.Nullable;

/** The deadlock watch's line protocol and its quiet closing and sleeping. */
final class WatchIo {
    private WatchIo() {}

    static void send(OutputStream out, String line) throws IOException {
        synchronized (out) {
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }

    static void close(@Nullable Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // closing: nothing to do
            }
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
