package org.qmpi4j.agent.internal.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Objects;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.qmpi4j.agent.internal.binding.BindingCatalog;
import org.qmpi4j.agent.internal.binding.BindingDescriptor;

/**
 * The repair of MPJ Express' multicore semaphore, on its real class file: a wakeup without a
 * notification ends the original's wait (the receive it guards then returns with nothing), and
 * not the repaired one's.
 */
class WaitLoopRepairTest {
    private static final String SEMAPHORE = "xdev/smpdev/Semaphore";

    @Test
    void theMpjDescriptorAsksForTheRepairOnceMpjWasRecognised() throws Exception {
        BindingCatalog catalog = BindingCatalog.load();
        // A job of another binding never reads MPJ's descriptor for its repairs.
        assertThat(catalog.repairsOf(SEMAPHORE)).isNull();
        try (URLClassLoader mpj = new URLClassLoader(new URL[] {mpjJar()}, null)) {
            assertThat(Objects.requireNonNull(catalog.forLoader(mpj)).id()).isEqualTo("mpj");
        }
        List<String[]> r = Objects.requireNonNull(catalog.repairsOf(SEMAPHORE));
        assertThat(r).hasSize(1);
        assertThat(r.get(0)).containsExactly(SEMAPHORE, "acquire", "()V", BindingDescriptor.REPAIR_WAIT_LOOP);
        assertThat(catalog.repairsOf("mpi/Comm")).isNull();
    }

    private static URL mpjJar() throws Exception {
        String path = System.getProperty("mpj.jar");
        assertThat(path).as("system property mpj.jar (agent/pom.xml)").isNotBlank();
        return new File(path).toURI().toURL();
    }

    @Test
    void aWakeupWithoutSignalEndsTheOriginalWaitButNotTheRepairedOne() throws Exception {
        byte[] original = semaphoreClassFile();
        byte[] repaired = Objects.requireNonNull(WaitLoopRepair.apply(original, "acquire", "()V"));
        assertThat(repaired).isNotNull();

        Object before = newSemaphore(original);
        Thread t1 = acquireIn(before);
        wakeWithoutSignal(before, t1);
        t1.join(5000);
        assertThat(t1.isAlive())
                .as("the original acquire() returns on a bare wakeup")
                .isFalse();

        Object after = newSemaphore(repaired);
        Thread t2 = acquireIn(after);
        wakeWithoutSignal(after, t2);
        t2.join(500);
        assertThat(t2.isAlive()).as("the repaired acquire() waits on").isTrue();
        Method signal = after.getClass().getMethod("signal");
        signal.setAccessible(true);
        signal.invoke(after);
        t2.join(5000);
        assertThat(t2.isAlive()).as("and returns once signalled").isFalse();
    }

    @Test
    void aMethodThatDoesMoreBeforeItsWaitIsLeftAlone() throws Exception {
        // signal() calls notify(), not wait(): nothing to repair; a missing method neither.
        assertThat(WaitLoopRepair.apply(semaphoreClassFile(), "signal", "()V")).isNull();
        assertThat(WaitLoopRepair.apply(semaphoreClassFile(), "absent", "()V")).isNull();
    }

    private static byte[] semaphoreClassFile() throws Exception {
        String path = System.getProperty("mpj.smpdev.jar");
        assertThat(path).as("system property mpj.smpdev.jar (agent/pom.xml)").isNotBlank();
        assertThat(new File(path))
                .as("MPJ's smpdev.jar: run scripts/setup-mpi.sh")
                .isFile();
        try (ZipFile jar = new ZipFile(path);
                InputStream in = jar.getInputStream(jar.getEntry(SEMAPHORE + ".class"))) {
            return in.readAllBytes();
        }
    }

    private static Object newSemaphore(byte[] classFile) throws Exception {
        ClassLoader loader = new ClassLoader(null) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (!name.equals(SEMAPHORE.replace('/', '.'))) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, classFile, 0, classFile.length);
            }
        };
        Constructor<?> c = loader.loadClass(SEMAPHORE.replace('/', '.')).getConstructor(int.class);
        c.setAccessible(true);
        return c.newInstance(0);
    }

    private static Thread acquireIn(Object semaphore) throws Exception {
        Method acquire = semaphore.getClass().getMethod("acquire");
        acquire.setAccessible(true);
        Thread t = new Thread(() -> {
            try {
                acquire.invoke(semaphore);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** What the JVM may do on its own: end a wait() without a notify() from the waited-for event. */
    private static void wakeWithoutSignal(Object semaphore, Thread waiter) throws InterruptedException {
        long end = System.nanoTime() + 5_000_000_000L;
        while (waiter.getState() != Thread.State.WAITING && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertThat(waiter.getState()).isEqualTo(Thread.State.WAITING);
        synchronized (semaphore) {
            semaphore.notifyAll();
        }
    }
}
