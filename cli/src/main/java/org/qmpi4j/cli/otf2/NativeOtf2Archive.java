package org.qmpi4j.cli.otf2;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.qmpi4j.api.Nullable;
import org.qmpi4j.report.export.otf2.Otf2Records;

/**
 * An OTF2 archive written by OTF2's own C library: {@code <folder>/traces.otf2} (the anchor
 * file), {@code traces.def} and {@code traces/} (one event file and one local definition file per
 * location), serially (one process writes every location), without compression.
 */
public final class NativeOtf2Archive implements Otf2Records {
    /** The archive's name: the anchor file is {@code traces.otf2}, as Score-P names it. */
    public static final String NAME = "traces";

    /** The shared object of Debian 12's {@code libopen-trace-format2-10}. */
    static final String[] LIBRARY_NAMES = {"open-trace-format2", "libopen-trace-format2.so.10"};

    /** What to install when the library is missing, in one line. */
    public static final String INSTALL_HINT =
            "OTF2's library is not installed: on Debian 12 run `apt-get install libopen-trace-format2-10`"
                    + " (or `apt-get install otf2-tools`, which brings it and otf2-print)";

    private static final byte FILEMODE_WRITE = 0;
    private static final byte SUBSTRATE_POSIX = 1;
    private static final byte COMPRESSION_NONE = 1;
    private static final byte FLUSH = 1;
    private static final long CHUNK_EVENTS = 1 << 20;
    private static final long CHUNK_DEFS = 4 << 20;
    private static final long UNDEFINED_TIMESTAMP = -1L;

    private final LibOtf2 lib;
    private final Pointer archive;
    /** Kept reachable while the archive lives: the library calls it. */
    private final LibOtf2.FlushCallbacks flush;

    private final Set<Long> locations = new LinkedHashSet<>();
    private final List<Pointer> openWriters = new ArrayList<>();
    private @Nullable Pointer defs;
    private boolean closed;

    private NativeOtf2Archive(LibOtf2 lib, Pointer archive, LibOtf2.FlushCallbacks flush) {
        this.lib = lib;
        this.archive = archive;
        this.flush = flush;
    }

    /**
     * Loads OTF2's library.
     *
     * @throws Otf2Unavailable with {@link #INSTALL_HINT} if it is not there
     */
    static LibOtf2 library(String... names) throws Otf2Unavailable {
        UnsatisfiedLinkError last = null;
        for (String name : names) {
            try {
                return Native.load(name, LibOtf2.class);
            } catch (UnsatisfiedLinkError e) {
                last = e;
            }
        }
        throw new Otf2Unavailable(INSTALL_HINT, last);
    }

    /**
     * Creates the archive in {@code folder} (which must exist and hold no archive of that name).
     *
     * @throws Otf2Unavailable if OTF2's library is not installed
     */
    public static NativeOtf2Archive create(Path folder, String creator, String description)
            throws IOException, Otf2Unavailable {
        LibOtf2 lib = library(LIBRARY_NAMES);
        Pointer a = lib.OTF2_Archive_Open(
                folder.toString(), NAME, FILEMODE_WRITE, CHUNK_EVENTS, CHUNK_DEFS, SUBSTRATE_POSIX, COMPRESSION_NONE);
        if (a == null) {
            throw new IOException(folder + ": OTF2 could not create an archive there");
        }
        LibOtf2.FlushCallbacks flush = new LibOtf2.FlushCallbacks();
        flush.preFlush = (userData, fileType, location, callerData, last) -> FLUSH;
        flush.postFlush = null;
        flush.write();
        NativeOtf2Archive archive = new NativeOtf2Archive(lib, a, flush);
        try {
            archive.check(lib.OTF2_Archive_SetFlushCallbacks(a, flush, null), "SetFlushCallbacks");
            archive.check(lib.OTF2_Archive_SetSerialCollectiveCallbacks(a), "SetSerialCollectiveCallbacks");
            archive.check(lib.OTF2_Archive_SetCreator(a, creator), "SetCreator");
            archive.check(lib.OTF2_Archive_SetDescription(a, description), "SetDescription");
            archive.check(lib.OTF2_Archive_OpenEvtFiles(a), "OpenEvtFiles");
        } catch (IOException e) {
            lib.OTF2_Archive_Close(a);
            throw e;
        }
        return archive;
    }

    private void check(int code, String what) throws IOException {
        if (code != 0) {
            throw new IOException("OTF2 " + what + ": " + lib.OTF2_Error_GetName(code) + " ("
                    + lib.OTF2_Error_GetDescription(code) + ")");
        }
    }

    @Override
    public Events events(long location) throws IOException {
        Pointer w = lib.OTF2_Archive_GetEvtWriter(archive, location);
        if (w == null) {
            throw new IOException("OTF2 could not open the event writer of location " + location);
        }
        locations.add(location);
        openWriters.add(w);
        return new NativeEvents(w);
    }

    private final class NativeEvents implements Events {
        private final Pointer w;

        NativeEvents(Pointer w) {
            this.w = w;
        }

        @Override
        public void enter(long time, int region) throws IOException {
            check(lib.OTF2_EvtWriter_Enter(w, null, time, region), "Enter");
        }

        @Override
        public void leave(long time, int region) throws IOException {
            check(lib.OTF2_EvtWriter_Leave(w, null, time, region), "Leave");
        }

        @Override
        public void mpiSend(long time, int receiver, int comm, int tag, long bytes) throws IOException {
            check(lib.OTF2_EvtWriter_MpiSend(w, null, time, receiver, comm, tag, bytes), "MpiSend");
        }

        @Override
        public void mpiIsend(long time, int receiver, int comm, int tag, long bytes, long request) throws IOException {
            check(lib.OTF2_EvtWriter_MpiIsend(w, null, time, receiver, comm, tag, bytes, request), "MpiIsend");
        }

        @Override
        public void mpiIsendComplete(long time, long request) throws IOException {
            check(lib.OTF2_EvtWriter_MpiIsendComplete(w, null, time, request), "MpiIsendComplete");
        }

        @Override
        public void mpiIrecvRequest(long time, long request) throws IOException {
            check(lib.OTF2_EvtWriter_MpiIrecvRequest(w, null, time, request), "MpiIrecvRequest");
        }

        @Override
        public void mpiRecv(long time, int sender, int comm, int tag, long bytes) throws IOException {
            check(lib.OTF2_EvtWriter_MpiRecv(w, null, time, sender, comm, tag, bytes), "MpiRecv");
        }

        @Override
        public void mpiIrecv(long time, int sender, int comm, int tag, long bytes, long request) throws IOException {
            check(lib.OTF2_EvtWriter_MpiIrecv(w, null, time, sender, comm, tag, bytes, request), "MpiIrecv");
        }

        @Override
        public void mpiCollectiveBegin(long time) throws IOException {
            check(lib.OTF2_EvtWriter_MpiCollectiveBegin(w, null, time), "MpiCollectiveBegin");
        }

        @Override
        public void mpiCollectiveEnd(long time, int op, int comm, int root, long sent, long received)
                throws IOException {
            check(
                    lib.OTF2_EvtWriter_MpiCollectiveEnd(w, null, time, (byte) op, comm, root, sent, received),
                    "MpiCollectiveEnd");
        }

        @Override
        public void close() throws IOException {
            if (openWriters.remove(w)) {
                check(lib.OTF2_Archive_CloseEvtWriter(archive, w), "CloseEvtWriter");
            }
        }
    }

    /** The global definition writer, opened after the last event writer is closed. */
    private Pointer defs() throws IOException {
        if (defs == null) {
            for (Pointer w : new ArrayList<>(openWriters)) {
                check(lib.OTF2_Archive_CloseEvtWriter(archive, w), "CloseEvtWriter");
            }
            openWriters.clear();
            check(lib.OTF2_Archive_CloseEvtFiles(archive), "CloseEvtFiles");
            defs = lib.OTF2_Archive_GetGlobalDefWriter(archive);
            if (defs == null) {
                throw new IOException("OTF2 could not open the global definition writer");
            }
        }
        return defs;
    }

    @Override
    public void clockProperties(long resolution, long globalOffset, long traceLength) throws IOException {
        check(
                lib.OTF2_GlobalDefWriter_WriteClockProperties(
                        defs(), resolution, globalOffset, traceLength, UNDEFINED_TIMESTAMP),
                "WriteClockProperties");
    }

    @Override
    public void string(int id, String text) throws IOException {
        check(lib.OTF2_GlobalDefWriter_WriteString(defs(), id, text), "WriteString");
    }

    @Override
    public void paradigm(int paradigm, int name, int paradigmClass) throws IOException {
        check(
                lib.OTF2_GlobalDefWriter_WriteParadigm(defs(), (byte) paradigm, name, (byte) paradigmClass),
                "WriteParadigm");
    }

    @Override
    public void systemTreeNode(int id, int name, int className, int parent) throws IOException {
        check(lib.OTF2_GlobalDefWriter_WriteSystemTreeNode(defs(), id, name, className, parent), "WriteSystemTreeNode");
    }

    @Override
    public void locationGroup(int id, int name, int type, int systemTreeParent) throws IOException {
        check(
                lib.OTF2_GlobalDefWriter_WriteLocationGroup(defs(), id, name, (byte) type, systemTreeParent, -1),
                "WriteLocationGroup");
    }

    @Override
    public void location(long id, int name, int type, long events, int group) throws IOException {
        locations.add(id);
        check(lib.OTF2_GlobalDefWriter_WriteLocation(defs(), id, name, (byte) type, events, group), "WriteLocation");
    }

    // The parameters are Otf2Records.region's, which this implements.
    @Override
    public void region(
            int id,
            int name,
            int canonicalName,
            int description,
            int role,
            int paradigm,
            int flags,
            int sourceFile,
            int beginLine,
            int endLine)
            throws IOException {
        check(
                lib.OTF2_GlobalDefWriter_WriteRegion(
                        defs(),
                        id,
                        name,
                        canonicalName,
                        description,
                        (byte) role,
                        (byte) paradigm,
                        flags,
                        sourceFile,
                        beginLine,
                        endLine),
                "WriteRegion");
    }

    @Override
    public void group(int id, int name, int type, int paradigm, int flags, long[] members) throws IOException {
        check(
                lib.OTF2_GlobalDefWriter_WriteGroup(
                        defs(),
                        id,
                        name,
                        (byte) type,
                        (byte) paradigm,
                        flags,
                        members.length,
                        members.length == 0 ? null : members),
                "WriteGroup");
    }

    @Override
    public void comm(int id, int name, int group, int parent) throws IOException {
        check(lib.OTF2_GlobalDefWriter_WriteComm(defs(), id, name, group, parent, 0), "WriteComm");
    }

    @Override
    public void interComm(int id, int name, int localGroup, int remoteGroup, int parent) throws IOException {
        check(
                lib.OTF2_GlobalDefWriter_WriteInterComm(defs(), id, name, localGroup, remoteGroup, parent, 0),
                "WriteInterComm");
    }

    /**
     * Ends the archive: every location gets its (empty) local definition file, as readers expect
     * one per location, and the library writes the anchor file.
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            defs();
            check(lib.OTF2_Archive_OpenDefFiles(archive), "OpenDefFiles");
            for (long l : locations) {
                Pointer w = lib.OTF2_Archive_GetDefWriter(archive, l);
                if (w == null) {
                    throw new IOException("OTF2 could not open the definition writer of location " + l);
                }
                check(lib.OTF2_Archive_CloseDefWriter(archive, w), "CloseDefWriter");
            }
            check(lib.OTF2_Archive_CloseDefFiles(archive), "CloseDefFiles");
        } finally {
            int code = lib.OTF2_Archive_Close(archive);
            flush.clear();
            if (code != 0) {
                check(code, "Close");
            }
        }
    }
}
