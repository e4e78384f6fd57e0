package org.qmpi4j.api.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.qmpi4j.api.Qmpi;

class QmpiBackendTest {

    private static QmpiBackend backend(int pcontrol) {
        return (QmpiBackend) Proxy.newProxyInstance(
                QmpiBackendTest.class.getClassLoader(),
                new Class<?>[] {QmpiBackend.class},
                (proxy, method, args) -> pcontrol);
    }

    /** One test, because the backend is one per JVM: before, first install, second install. */
    @Test
    void theBackendIsSetOnceAndTheFirstStays() {
        assertThatThrownBy(() -> Qmpi.pcontrolLevel(1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("agent is not attached");

        QmpiBackend.install(backend(7));
        assertThat(Qmpi.pcontrolLevel(1)).isEqualTo(7);

        assertThatThrownBy(() -> QmpiBackend.install(backend(9)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("set once");
        assertThat(Qmpi.pcontrolLevel(1)).isEqualTo(7);
    }
}
