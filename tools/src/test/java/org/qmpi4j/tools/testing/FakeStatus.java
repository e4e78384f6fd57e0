package org.qmpi4j.tools.testing;

/**
 * A status as Open MPI's binding gives one (getters, {@link FakeMpi#statusLine}), of a message from
 * rank 0 with tag 5: what a receive from {@code MPI_ANY_SOURCE} returns on the one-rank fake MPI.
 */
public final class FakeStatus {
    public int getSource() {
        return 0;
    }

    public int getTag() {
        return 5;
    }

    public int getIndex() {
        return -1;
    }
}
