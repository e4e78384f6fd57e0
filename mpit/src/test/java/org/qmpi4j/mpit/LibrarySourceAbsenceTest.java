package org.qmpi4j.mpit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.qmpi4j.api.mpit.PvarClass;
import org.qmpi4j.api.mpit.PvarDefinition;
import org.qmpi4j.api.mpit.PvarSources;
import org.qmpi4j.api.mpit.ThreadLevel;

/** Without an MPI library (MPJ Express, no libmpi) the registry is exactly the agent's, and says why. */
class LibrarySourceAbsenceTest {
    @Test
    void aRegistryWithoutLibraryShowsItsOwnVariablesAndTheReason() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        r.linkLibrary(LibraryLink.none("the binding (MPJ Express) is pure Java"));
        int own = r.registerPvar(PvarDefinition.builder("mine", PvarClass.COUNTER)
                .source(PvarSources.counter())
                .build());
        r.initThread(ThreadLevel.SINGLE);
        assertThat(r.pvarGetNum()).isEqualTo(1);
        assertThat(r.pvarGetIndex("mine", PvarClass.COUNTER)).isEqualTo(own);
        assertThat(r.isLibraryPvar(own)).isFalse();
        assertThat(r.library()).isNull();
        assertThat(r.libraryAbsence()).isEqualTo("the binding (MPJ Express) is pure Java");
        r.finalizeInterface();
    }

    @Test
    void aLinkThatFailsIsReportedNotThrown() {
        MpitRegistry r = new MpitRegistry(ObjectKinds.ANY);
        r.linkLibrary(new LibraryLink() {
            @Override
            public org.qmpi4j.mpit.library.MpitLibrary find() {
                throw new UnsatisfiedLinkError("no jnidispatch");
            }

            @Override
            public String absence() {
                return "unused";
            }

            @Override
            public long nativeHandle(org.qmpi4j.api.mpit.BindType kind, Object object) {
                return 0;
            }
        });
        r.initThread(ThreadLevel.SINGLE);
        assertThat(r.cvarGetNum()).isZero();
        assertThat(r.libraryAbsence()).contains("could not be opened").contains("no jnidispatch");
        r.finalizeInterface();
    }
}
