package org.qmpi4j.tools.jfr;

/**
 * What an event needs to know about a call's communicator: the peer's world rank and the
 * communicator's size. An interface so that a test can count how often it is asked (never while
 * no recording runs).
 */
interface Communicators {
    /** The {@code COMM_WORLD} rank of {@code peer} in {@code comm}, or -1 when there is none. */
    int worldRank(Object comm, int peer);

    /** Processes in {@code comm}, or -1 when unknown. */
    int size(Object comm);

    /** {@code comm} is being freed: a new communicator may reuse the object. */
    void forget(Object comm);

    /** Before {@code MPI_Init} returned: nothing is known. */
    Communicators NONE = new Communicators() {
        @Override
        public int worldRank(Object comm, int peer) {
            return -1;
        }

        @Override
        public int size(Object comm) {
            return -1;
        }

        @Override
        public void forget(Object comm) {}
    };
}
