package org.qmpi4j.report.export.otf2;

import java.io.IOException;

/**
 * Where {@link Otf2Export} writes: OTF2's global definitions and one event stream per location,
 * in the terms of OTF2's writer API (references are the ids the definitions give; enumerations are
 * OTF2's numeric values, {@link Otf2Constants}). Events come first, location by location; the
 * definitions follow, once every location's event count is known, and {@link #close} ends the
 * archive.
 */
public interface Otf2Records extends AutoCloseable {
    /** The event records of one location, in time order. */
    interface Events {
        void enter(long time, int region) throws IOException;

        void leave(long time, int region) throws IOException;

        void mpiSend(long time, int receiver, int comm, int tag, long bytes) throws IOException;

        void mpiIsend(long time, int receiver, int comm, int tag, long bytes, long request) throws IOException;

        void mpiIsendComplete(long time, long request) throws IOException;

        void mpiIrecvRequest(long time, long request) throws IOException;

        void mpiRecv(long time, int sender, int comm, int tag, long bytes) throws IOException;

        void mpiIrecv(long time, int sender, int comm, int tag, long bytes, long request) throws IOException;

        void mpiCollectiveBegin(long time) throws IOException;

        void mpiCollectiveEnd(long time, int op, int comm, int root, long sent, long received) throws IOException;

        /** No more records for this location. */
        void close() throws IOException;
    }

    /** Opens the event stream of {@code location} (several may be open at once). */
    Events events(long location) throws IOException;

    void clockProperties(long resolution, long globalOffset, long traceLength) throws IOException;

    void string(int id, String text) throws IOException;

    void paradigm(int paradigm, int name, int paradigmClass) throws IOException;

    void systemTreeNode(int id, int name, int className, int parent) throws IOException;

    void locationGroup(int id, int name, int type, int systemTreeParent) throws IOException;

    void location(long id, int name, int type, long events, int group) throws IOException;

    void region(
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
            throws IOException;

    void group(int id, int name, int type, int paradigm, int flags, long[] members) throws IOException;

    void comm(int id, int name, int group, int parent) throws IOException;

    void interComm(int id, int name, int localGroup, int remoteGroup, int parent) throws IOException;

    /** Ends the archive (writes what remains); called once, after the definitions. */
    @Override
    void close() throws IOException;
}
