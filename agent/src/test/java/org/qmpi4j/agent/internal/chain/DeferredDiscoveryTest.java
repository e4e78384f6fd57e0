package org.qmpi4j.agent.internal.chain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Discovery put off at start runs once, when which tools exist first matters, and never after closing. */
class DeferredDiscoveryTest {
    private final ToolRegistry registry = new ToolRegistry();
    private final AtomicInteger runs = new AtomicInteger();

    private void deferRegisteringTool(String name) {
        registry.deferDiscovery(() -> {
            runs.incrementAndGet();
            registry.register(name, id -> {}, "found late");
        });
    }

    @Test
    void anEmptyToolListNeedsNoDiscovery() {
        deferRegisteringTool("late");

        assertThat(registry.unknown(List.of())).isEmpty();
        registry.close();

        assertThat(runs).hasValue(0);
        assertThat(registry.isRegistered("late")).as("dropped at close").isFalse();
    }

    @Test
    void aNamedToolIsLookedUpAfterDiscoveryRanOnce() {
        deferRegisteringTool("late");

        assertThat(registry.unknown(List.of("late", "missing"))).containsExactly("missing");
        assertThat(registry.isRegistered("late")).isTrue();
        assertThat(registry.available()).containsKey("late");

        assertThat(runs).hasValue(1);
    }

    @Test
    void listingTheToolsDiscoversThem() {
        deferRegisteringTool("late");

        assertThat(registry.available()).containsOnlyKeys("late");
    }
}
