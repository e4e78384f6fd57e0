package org.qmpi4j.report.trace;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.qmpi4j.formats.files.AtomicFiles;
import org.qmpi4j.formats.json.JsonWriter;

/**
 * Counter events ({@code "ph": "C"}) added to a {@code trace.json} that {@link ChromeTraceAssembler}
 * wrote, for what is known only after the trace is (each rank's "Iteration" counter): inserted at
 * the end of its {@code traceEvents}, in a copy renamed over it once complete, so that no reader
 * ever sees part of them; on a failure the trace stays as it was.
 */
public final class ChromeTraceCounters {
    /** Where the assembler's trailer begins: a newline outside any string ends the events. */
    private static final byte[] TRAILER = "\n],\n\"otherData\":".getBytes(StandardCharsets.US_ASCII);

    /** What writes the counters' values. */
    public interface Values {
        /** Writes the values with {@code out}. */
        void writeTo(ChromeTraceCounters out) throws IOException;
    }

    private final Writer out;
    private boolean first;

    private ChromeTraceCounters(Writer out, boolean first) {
        this.out = out;
        this.first = first;
    }

    /**
     * Value {@code value} from {@code time} (ns on the trace's common clock) of the counter
     * {@code name} of rank {@code rank}'s process.
     */
    public void value(int rank, String name, long time, long value) throws IOException {
        StringBuilder sb = new StringBuilder(96);
        JsonWriter w = new JsonWriter(sb, false);
        w.beginObject()
                .member("name", name)
                .member("cat", "qmpi4j")
                .member("ph", "C")
                .member("pid", rank);
        sb.append(",\"ts\":").append(ChromeTraceAssembler.micros(time));
        w.name("args").beginObject().member("value", value).endObject().endObject();
        if (!first) {
            out.write(",\n");
        }
        first = false;
        out.append(sb);
    }

    /** Adds the counter values {@code values} writes to the trace {@code json}. */
    public static void insert(Path json, Values values) throws IOException {
        long at;
        boolean empty;
        try (FileChannel in = FileChannel.open(json, StandardOpenOption.READ)) {
            at = trailer(in);
            if (at < 1) {
                throw new IOException(json + " does not end as qmpi4j's trace.json does (no end of traceEvents)");
            }
            // Each event ends with '}'; without any, the header's newline is before the trailer.
            ByteBuffer b = ByteBuffer.allocate(1);
            if (in.read(b, at - 1) != 1) {
                throw new IOException(json + " changed while it was read");
            }
            empty = b.get(0) != '}';
        }
        Path tmp = AtomicFiles.temporaryFor(json);
        try {
            try (FileChannel in = FileChannel.open(json, StandardOpenOption.READ);
                    OutputStream os = Files.newOutputStream(tmp)) {
                copy(in, 0, at, os);
                Writer w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.UTF_8), 1 << 16);
                values.writeTo(new ChromeTraceCounters(w, empty));
                w.flush();
                copy(in, at, in.size() - at, os);
            }
            AtomicFiles.moveIntoPlace(tmp, json);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void copy(FileChannel in, long from, long count, OutputStream os) throws IOException {
        java.nio.channels.WritableByteChannel to = Channels.newChannel(os);
        long done = 0;
        while (done < count) {
            long n = in.transferTo(from + done, count - done, to);
            if (n <= 0) {
                throw new IOException("the trace changed while it was copied");
            }
            done += n;
        }
    }

    /** The position of the trailer in {@code in}, searched from its end, or -1. */
    private static long trailer(FileChannel in) throws IOException {
        int block = 1 << 16;
        long size = in.size();
        long end = size;
        ByteBuffer b = ByteBuffer.allocate(block + TRAILER.length);
        while (end > 0) {
            long from = Math.max(0, end - block);
            int len = (int) Math.min(size - from, end - from + TRAILER.length);
            b.clear().limit(len);
            while (b.hasRemaining() && in.read(b, from + b.position()) > 0) {
                // read it all
            }
            for (int i = b.position() - TRAILER.length; i >= 0; i--) {
                if (matches(b, i)) {
                    return from + i;
                }
            }
            end = from;
        }
        return -1;
    }

    private static boolean matches(ByteBuffer b, int at) {
        for (int k = 0; k < TRAILER.length; k++) {
            if (b.get(at + k) != TRAILER[k]) {
                return false;
            }
        }
        return true;
    }
}
