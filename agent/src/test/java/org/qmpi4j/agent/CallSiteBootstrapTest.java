package org.qmpi4j.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.AgentStart;
import org.qmpi4j.agent.internal.instrument.LinkerContract;

/** The visible bootstrap and the internal linker it delegates to agree, and it degrades to the plain call. */
class CallSiteBootstrapTest {
    @Test
    void theInternalLinkerHasTheBootstrapsType() throws Throwable {
        MethodType bootstrap = MethodHandles.publicLookup()
                .findStatic(
                        CallSiteBootstrap.class,
                        "link",
                        MethodType.fromMethodDescriptorString(LinkerContract.BOOTSTRAP_DESCRIPTOR, null))
                .type();
        java.lang.reflect.Method linker = CallSiteBootstrap.Linker.class.getMethods()[0];
        assertThat(CallSiteBootstrap.Linker.class.getMethods()).hasSize(1);
        assertThat(linker.getParameterCount()).isEqualTo(bootstrap.parameterCount());
        // the linker takes the contract's values typed; the bootstrap takes them as the JVM passes them
        assertThat(linker.getParameterTypes())
                .containsExactly(
                        MethodHandles.Lookup.class,
                        String.class,
                        MethodType.class,
                        MethodHandle.class,
                        int.class,
                        String.class,
                        String.class,
                        String.class,
                        int.class);
        assertThat(bootstrap.parameterList().subList(2, bootstrap.parameterCount()))
                .containsOnly(Object.class);
        assertThat(AgentStart.linker()).isInstanceOf(CallSiteBootstrap.Linker.class);
        assertThat(LinkerContract.BOOTSTRAP_OWNER.replace('/', '.')).isEqualTo(CallSiteBootstrap.class.getName());
    }

    @Test
    void withoutALinkerASiteIsBoundToTheOriginalMethod() throws Throwable {
        MethodHandle original =
                MethodHandles.lookup().findStatic(Math.class, "abs", MethodType.methodType(int.class, int.class));
        CallSite site = (CallSite)
                CallSiteBootstrap.link(MethodHandles.lookup(), "abs", original.type(), original, 0, "C", "m", "", -1);
        assertThat(site).isInstanceOf(ConstantCallSite.class);
        assertThat((int) site.dynamicInvoker().invokeExact(-3)).isEqualTo(3);
    }
}
