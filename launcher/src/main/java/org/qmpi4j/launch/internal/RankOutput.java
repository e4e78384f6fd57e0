package org.qmpi4j.launch.internal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Tags the output of MPJ multicore ranks, which are threads of one JVM sharing one stdout and one
 * stderr. Each complete line a rank writes goes out as {@code [1,<rank>]<stdout>:<line>} (or
 * {@code <stderr>}), the format Open MPI's {@code --tag-output} uses, so that the launcher can split
 * the stream by rank exactly as it does for {@code mpirun}.
 *
 * <p>The rank belongs to a thread: {@link #setRank} is called by {@link MpjRankMain} with the MPI
 * rank MPJ assigns (never the thread name, which MPJ does not keep in rank order). Threads a rank
 * starts inherit its rank. Output of threads without a rank passes through untagged.
 *
 * <p>Text is buffered per thread until its newline so that lines of different ranks never mix; a
 * line without newline is written out when its rank ends ({@link #endLine}) or the JVM exits.
 */
final class RankOutput extends OutputStream {
    private static final InheritableThreadLocal<Integer> RANK = new InheritableThreadLocal<>();
    private static final List<RankOutput> INSTALLED = new ArrayList<>();

    private final OutputStream target;
    private final String streamName;
    /** Unfinished lines by thread; guarded by this. */
    private final Map<Thread, Pending> pending = new HashMap<>();

    private static final class Pending {
        final int rank;
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Pending(int rank) {
            this.rank = rank;
        }
    }

    private RankOutput(OutputStream target, String streamName) {
        this.target = target;
        this.streamName = streamName;
    }

    /** Replaces System.out and System.err by tagging streams; call once, before any rank starts. */
    static synchronized void install() {
        Charset stdoutCharset = charset("stdout.encoding", "sun.stdout.encoding");
        Charset stderrCharset = charset("stderr.encoding", "sun.stderr.encoding");
        RankOutput out = new RankOutput(System.out, "stdout");
        RankOutput err = new RankOutput(System.err, "stderr");
        INSTALLED.add(out);
        INSTALLED.add(err);
        System.setOut(new PrintStream(out, true, stdoutCharset));
        System.setErr(new PrintStream(err, true, stderrCharset));
        // Partial lines must not be lost when a rank ends the JVM with System.exit.
        Runtime.getRuntime().addShutdownHook(new Thread(RankOutput::endAllLines, "qmpi4j-rank-output-flush"));
    }

    /** Attributes the output of the current thread (and of threads it starts) to {@code rank}. */
    static void setRank(int rank) {
        RANK.set(rank);
    }

    /** Writes out the current thread's unfinished lines, if any (the rank is about to end). */
    static void endLine() {
        System.out.flush();
        System.err.flush();
        synchronized (RankOutput.class) {
            for (RankOutput o : INSTALLED) {
                o.endLine(Thread.currentThread());
            }
        }
    }

    /** Writes out every thread's unfinished lines (the JVM is about to end). */
    static void endAllLines() {
        System.out.flush();
        System.err.flush();
        synchronized (RankOutput.class) {
            for (RankOutput o : INSTALLED) {
                o.endAll();
            }
        }
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) throws IOException {
        Integer rank = RANK.get();
        if (rank == null) {
            target.write(b, off, len);
            return;
        }
        Pending p = pending.get(Thread.currentThread());
        if (p == null || p.rank != rank) {
            if (p != null) {
                emit(p); // the thread changed rank; never glue text of two ranks into one line
            }
            p = new Pending(rank);
            pending.put(Thread.currentThread(), p);
        }
        int start = off;
        int end = off + len;
        for (int i = off; i < end; i++) {
            if (b[i] == '\n') {
                p.bytes.write(b, start, i - start);
                emit(p);
                start = i + 1;
            }
        }
        p.bytes.write(b, start, end - start);
        if (p.bytes.size() == 0) {
            pending.remove(Thread.currentThread());
        }
    }

    @Override
    public void flush() throws IOException {
        // Complete lines are already out; an unfinished line waits for its newline.
        target.flush();
    }

    private synchronized void endLine(Thread thread) {
        Pending p = pending.remove(thread);
        if (p != null && p.bytes.size() > 0) {
            emitQuietly(p);
        }
    }

    private synchronized void endAll() {
        for (Pending p : pending.values()) {
            if (p.bytes.size() > 0) {
                emitQuietly(p);
            }
        }
        pending.clear();
    }

    private void emit(Pending p) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(p.bytes.size() + 24);
        line.write(tag(p.rank, streamName).getBytes(StandardCharsets.US_ASCII));
        p.bytes.writeTo(line);
        line.write('\n');
        // One write per line: the target is shared with untagged writers.
        target.write(line.toByteArray());
        target.flush();
        p.bytes.reset();
    }

    private void emitQuietly(Pending p) {
        try {
            emit(p);
        } catch (IOException e) {
            // stdout is gone (launcher died); nothing left to tell anyone
        }
    }

    /** Open MPI's {@code --tag-output} prefix (job 1) of a line of {@code rank} on {@code stream}. */
    static String tag(int rank, String stream) {
        return "[1," + rank + "]<" + stream + ">:";
    }

    private static Charset charset(String property, String legacyProperty) {
        String name = System.getProperty(property, System.getProperty(legacyProperty));
        try {
            return name != null ? Charset.forName(name) : Charset.defaultCharset();
        } catch (RuntimeException e) {
            return Charset.defaultCharset();
        }
    }
}
