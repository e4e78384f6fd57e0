package org.qmpi4j.bench.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RouteTest {
    private static final String CALLER = "org.example.App";

    @Test
    void aPlainCallHasNothingBetweenCallerAndBinding() {
        assertThat(Route.of(List.of(CALLER, "org.example.Main"), CALLER)).isEqualTo(Route.PLAIN);
    }

    @Test
    void anInvokedynamicLinkedToTheBindingShowsMethodHandleFramesOnly() {
        assertThat(Route.of(
                        List.of("java.lang.invoke.LambdaForm$DMH/0x1", "java.lang.invoke.LambdaForm$MH/0x2", CALLER),
                        CALLER))
                .isEqualTo(Route.LINKED);
    }

    @Test
    void theChainShowsAgentFrames() {
        assertThat(Route.of(
                        List.of(
                                "java.lang.invoke.LambdaForm$DMH/0x1",
                                "org.qmpi4j.agent.internal.chain.CallContext",
                                "org.qmpi4j.agent.internal.link.Dispatcher",
                                "java.lang.invoke.LambdaForm$MH/0x2",
                                CALLER),
                        CALLER))
                .isEqualTo(Route.CHAIN);
    }

    @Test
    void aMissingCallerIsAnError() {
        assertThatThrownBy(() -> Route.of(List.of("org.example.Other"), CALLER))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachVariantExpectsTheRouteItsToolsGive() {
        assertThat(CallPathRunner.expectedRoute(org.qmpi4j.bench.Variants.NONE)).isEqualTo("plain");
        assertThat(CallPathRunner.expectedRoute(org.qmpi4j.bench.Variants.AGENT))
                .isEqualTo("linked");
        assertThat(CallPathRunner.expectedRoute(org.qmpi4j.bench.Variants.PASS8))
                .isEqualTo("chain");
        assertThat(CallPathRunner.expectedRoute(org.qmpi4j.bench.Variants.PCONTROL0))
                .isEqualTo("chain");
        assertThat(CallPathRunner.expectedRoute(org.qmpi4j.bench.Variants.PROFILER))
                .isEqualTo("agent");
    }
}
