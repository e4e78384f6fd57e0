package org.qmpi4j.mpit;

import org.qmpi4j.api.mpit.ReturnCode;

/** The one rule for names of what tools register (enumerations, categories): not empty. */
final class Names {
    private Names() {}

    static void require(String name, String what) {
        if (name == null || name.isEmpty()) {
            throw Errors.fail(ReturnCode.MPI_T_ERR_INVALID_NAME, what + " needs a name");
        }
    }
}
