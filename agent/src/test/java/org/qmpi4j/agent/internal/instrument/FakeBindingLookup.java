package org.qmpi4j.agent.internal.instrument;

import java.util.HashMap;
import java.util.Map;

/** The mapped methods of the fake binding in {@code org.qmpi4j.fixture.instrument.mpi}. */
final class FakeBindingLookup implements MappingLookup {
    static final String BINDING = "org/qmpi4j/fixture/instrument/mpi/";
    static final String COMM = BINDING + "Comm";
    static final String INTRACOMM = BINDING + "Intracomm";
    static final String FREEABLE = BINDING + "Freeable";
    static final String REQUEST = BINDING + "Request";
    static final String MPI = BINDING + "MPI";

    static final int GET_RANK = 10;
    static final int GET_SIZE = 11;
    static final int SEND = 12;
    static final int FAIL = 13;
    static final int COMM_FREE = 14;
    static final int COMPARE = 15;
    static final int SCALE = 16;
    static final int FREEABLE_FREE = 20;
    static final int BARRIER = 30;
    static final int INIT = 40;
    static final int FINALIZE = 41;
    static final int WAIT_FOR = 50;
    static final int WAIT_ALL = 51;

    private final Map<String, Integer> ids = new HashMap<>();

    FakeBindingLookup() {
        ids.put(COMM + ".getRank()I", GET_RANK);
        ids.put(COMM + ".getSize()I", GET_SIZE);
        ids.put(COMM + ".send([III)V", SEND);
        ids.put(COMM + ".fail()V", FAIL);
        ids.put(COMM + ".free()V", COMM_FREE);
        ids.put(COMM + ".compare(L" + COMM + ";L" + COMM + ";)I", COMPARE);
        ids.put(COMM + ".scale(JD)D", SCALE);
        ids.put(FREEABLE + ".free()V", FREEABLE_FREE);
        ids.put(INTRACOMM + ".barrier()V", BARRIER);
        ids.put(MPI + ".Init([Ljava/lang/String;)[Ljava/lang/String;", INIT);
        ids.put(MPI + ".Finalize()V", FINALIZE);
        ids.put(REQUEST + ".waitFor()I", WAIT_FOR);
        ids.put(REQUEST + ".waitAll([L" + REQUEST + ";)I", WAIT_ALL);
        // deliberately unmapped: Comm.unmapped()I, Intracomm.getSize()I
    }

    @Override
    public boolean isBindingClass(ClassLoader loader, String internalName) {
        return internalName.startsWith(BINDING);
    }

    @Override
    public int find(ClassLoader loader, String declaringClass, String name, String desc) {
        return ids.getOrDefault(declaringClass + "." + name + desc, NONE);
    }
}
