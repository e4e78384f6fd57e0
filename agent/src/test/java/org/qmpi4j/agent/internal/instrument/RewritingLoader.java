package org.qmpi4j.agent.internal.instrument;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Loads the fixture packages ({@code org.qmpi4j.fixture.instrument.*}) itself, passing every class
 * through the transformer as the JVM would, and everything else from its parent. Each test gets a
 * fresh loader, so the fake binding's statics start empty. The JVM verifies what this loader
 * defines (classes of non-boot loaders are always verified).
 */
final class RewritingLoader extends ClassLoader {
    static final String FIXTURES = "org.qmpi4j.fixture.instrument.";

    private final CallSiteTransformer transformer;
    private final Map<String, byte[]> rewritten = new ConcurrentHashMap<>();

    RewritingLoader(CallSiteTransformer transformer) {
        super("rewriting", RewritingLoader.class.getClassLoader());
        this.transformer = transformer;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!name.startsWith(FIXTURES)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                byte[] original = original(name);
                byte[] out = transformer.transform(this, name.replace('.', '/'), null, null, original);
                if (out != null) {
                    rewritten.put(name, out);
                }
                byte[] def = out != null ? out : original;
                c = defineClass(name, def, 0, def.length);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    /** The class file as compiled. */
    static byte[] original(String binaryName) {
        String path = binaryName.replace('.', '/') + ".class";
        try (InputStream in = RewritingLoader.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no class file " + path);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Rewritten class files by binary name (classes the transformer left alone are absent). */
    Map<String, byte[]> rewritten() {
        return rewritten;
    }
}
