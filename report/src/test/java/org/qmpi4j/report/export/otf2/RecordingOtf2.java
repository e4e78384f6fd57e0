package org.qmpi4j.report.export.otf2;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Keeps what {@link Otf2Export} writes, as text lines, for the tests to compare. */
final class RecordingOtf2 implements Otf2Records {
    final Map<Long, List<String>> events = new LinkedHashMap<>();
    final List<String> definitions = new ArrayList<>();
    final Map<Integer, String> strings = new LinkedHashMap<>();
    boolean closed;

    String s(int id) {
        return id == Otf2Constants.UNDEFINED_UINT32 ? "-" : String.valueOf(strings.get(id));
    }

    @Override
    public Events events(long location) {
        List<String> out = new ArrayList<>();
        events.put(location, out);
        return new Events() {
            @Override
            public void enter(long time, int region) {
                out.add(time + " Enter " + region);
            }

            @Override
            public void leave(long time, int region) {
                out.add(time + " Leave " + region);
            }

            @Override
            public void mpiSend(long time, int receiver, int comm, int tag, long bytes) {
                out.add(time + " MpiSend " + receiver + " " + comm + " " + tag + " " + bytes);
            }

            @Override
            public void mpiIsend(long time, int receiver, int comm, int tag, long bytes, long request) {
                out.add(time + " MpiIsend " + receiver + " " + comm + " " + tag + " " + bytes + " " + request);
            }

            @Override
            public void mpiIsendComplete(long time, long request) {
                out.add(time + " MpiIsendComplete " + request);
            }

            @Override
            public void mpiIrecvRequest(long time, long request) {
                out.add(time + " MpiIrecvRequest " + request);
            }

            @Override
            public void mpiRecv(long time, int sender, int comm, int tag, long bytes) {
                out.add(time + " MpiRecv " + sender + " " + comm + " " + tag + " " + bytes);
            }

            @Override
            public void mpiIrecv(long time, int sender, int comm, int tag, long bytes, long request) {
                out.add(time + " MpiIrecv " + sender + " " + comm + " " + tag + " " + bytes + " " + request);
            }

            @Override
            public void mpiCollectiveBegin(long time) {
                out.add(time + " MpiCollectiveBegin");
            }

            @Override
            public void mpiCollectiveEnd(long time, int op, int comm, int root, long sent, long received) {
                out.add(time + " MpiCollectiveEnd " + op + " " + comm + " " + root + " " + sent + " " + received);
            }

            @Override
            public void close() {
                out.add("close");
            }
        };
    }

    @Override
    public void clockProperties(long resolution, long globalOffset, long traceLength) {
        definitions.add("Clock " + resolution + " " + globalOffset + " " + traceLength);
    }

    @Override
    public void string(int id, String text) {
        strings.put(id, text);
    }

    @Override
    public void paradigm(int paradigm, int name, int paradigmClass) {
        definitions.add("Paradigm " + paradigm + " " + s(name));
    }

    @Override
    public void systemTreeNode(int id, int name, int className, int parent) {
        definitions.add("SystemTreeNode " + id + " " + s(name) + " " + s(className) + " " + parent);
    }

    @Override
    public void locationGroup(int id, int name, int type, int systemTreeParent) {
        definitions.add("LocationGroup " + id + " " + s(name) + " " + systemTreeParent);
    }

    @Override
    public void location(long id, int name, int type, long events, int group) {
        definitions.add("Location " + id + " " + s(name) + " " + events + " " + group);
    }

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
            int endLine) {
        definitions.add("Region " + id + " " + s(name) + " role " + role + " paradigm " + paradigm + " " + s(sourceFile)
                + ":" + beginLine);
    }

    @Override
    public void group(int id, int name, int type, int paradigm, int flags, long[] members) {
        definitions.add("Group " + id + " type " + type + " " + Arrays.toString(members));
    }

    @Override
    public void comm(int id, int name, int group, int parent) {
        definitions.add("Comm " + id + " " + s(name) + " group " + group + " parent " + parent);
    }

    @Override
    public void interComm(int id, int name, int localGroup, int remoteGroup, int parent) {
        definitions.add("InterComm " + id + " " + s(name) + " groups " + localGroup + " " + remoteGroup);
    }

    @Override
    public void close() {
        closed = true;
    }
}
