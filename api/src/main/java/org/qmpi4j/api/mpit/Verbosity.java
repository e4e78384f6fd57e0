package org.qmpi4j.api.mpit;

/**
 * Verbosity levels of variables (Table 14.1): intended audience and level of detail. Declared in
 * the text's order, so {@code compareTo} is the text's {@code <}.
 */
public enum Verbosity {
    USER_BASIC,
    USER_DETAIL,
    USER_ALL,
    TUNER_BASIC,
    TUNER_DETAIL,
    TUNER_ALL,
    MPIDEV_BASIC,
    MPIDEV_DETAIL,
    MPIDEV_ALL
}
