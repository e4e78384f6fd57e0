package org.qmpi4j.report.trace;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.CallSite;
import org.qmpi4j.report.waits.WaitAnalysis;
import org.qmpi4j.report.waits.WaitEvent;

/**
 * One rank's spilled calls (bytes {@code start} to {@code end} of the spill), read back a piece
 * at a time and parsed one call ahead: the analysis holds every rank's source at once.
 */
final class SpilledEvents implements WaitAnalysis.RankEvents {
    private final FileChannel spill;
    private final int rank;
    private final int piece;
    private final long end;
    /** The call sites met so far, shared by every rank's source: most ranks call from the same ones. */
    private final Map<String, CallSite> sites;
    /** The read buffer; {@code null} before the first read and after the last. */
    private @Nullable byte[] buffer;

    private int from;
    private int to;
    private long position;
    /** The line being read, as bytes (a line may span pieces; names may be UTF-8). */
    private byte[] line = new byte[256];

    private int lineLength;
    private @Nullable WaitEvent pending;
    private boolean ended;

    /** Reads bytes {@code start} to {@code end} of {@code spill}, shared by every rank's source. */
    SpilledEvents(FileChannel spill, long start, long end, int rank, int piece, Map<String, CallSite> sites) {
        this.spill = spill;
        this.position = start;
        this.end = end;
        this.rank = rank;
        this.piece = piece;
        this.sites = sites;
    }

    @Override
    public @Nullable WaitEvent next() throws IOException {
        while (!ended) {
            if (from == to && !refill()) {
                ended = true;
                buffer = null;
                break;
            }
            byte[] b = java.util.Objects.requireNonNull(buffer);
            while (from < to) {
                byte c = b[from++];
                if (c != '\n') {
                    if (lineLength == line.length) {
                        line = java.util.Arrays.copyOf(line, line.length * 2);
                    }
                    line[lineLength++] = c;
                    continue;
                }
                String l = new String(line, 0, lineLength, StandardCharsets.UTF_8);
                lineLength = 0;
                WaitEvent done = line(l);
                if (done != null) {
                    return done;
                }
            }
        }
        WaitEvent last = pending;
        pending = null;
        return last;
    }

    /** The next piece of this rank's part into the buffer; false at its end. */
    private boolean refill() throws IOException {
        long left = end - position;
        if (left <= 0) {
            return false;
        }
        byte[] b = buffer;
        if (b == null) {
            b = new byte[(int) Math.min(piece, left)];
            buffer = b;
        }
        ByteBuffer into = ByteBuffer.wrap(b, 0, (int) Math.min(b.length, left));
        int n = spill.read(into, position);
        if (n <= 0) {
            return false;
        }
        position += n;
        from = 0;
        to = n;
        return true;
    }

    /** Reads one line; returns the call it ends (a new call's line ends the one before), or {@code null}. */
    private @Nullable WaitEvent line(String l) {
        String[] f = l.split("\t", -1);
        WaitEvent done = null;
        if (f[0].equals("C")) {
            done = pending;
            String siteKey = f[5] + "\t" + f[6] + "\t" + f[7] + "\t" + f[8];
            CallSite site = sites.get(siteKey);
            if (site == null) {
                site = f[5].equals("-") && f[8].equals("-1")
                        ? CallSite.UNKNOWN
                        : new CallSite(opt(f[5]), opt(f[6]), opt(f[7]), Integer.parseInt(f[8]));
                sites.put(siteKey, site);
            }
            WaitEvent e = WaitEvent.call(rank, f[4], site, Long.parseLong(f[1]), Long.parseLong(f[2]))
                    .errorBound(Long.parseLong(f[3]));
            if (!f[9].equals("-")) {
                e.sends(f[9], WaitEvent.Completion.valueOf(f[10]));
            }
            if (!f[11].equals("-")) {
                e.receives(f[11], WaitEvent.Completion.valueOf(f[12]));
            }
            if (!f[13].equals("-")) {
                String[] n = f[13].split(",");
                long[] numbers = new long[n.length];
                for (int i = 0; i < n.length; i++) {
                    numbers[i] = Long.parseLong(n[i]);
                }
                e.jvm(numbers);
            }
            if (!f[14].equals("-")) {
                e.collective(f[14], Integer.parseInt(f[15]), Long.parseLong(f[16]), Integer.parseInt(f[17]));
            }
            pending = e;
        } else if (pending != null && f[0].equals("S")) {
            pending.completesSend(f[1]);
        } else if (pending != null && f[0].equals("R")) {
            pending.completesReceive(f[1]);
        }
        return done;
    }

    private static @Nullable String opt(String s) {
        return s.equals("-") ? null : s;
    }
}
