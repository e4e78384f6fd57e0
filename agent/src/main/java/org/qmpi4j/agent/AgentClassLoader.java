package org.qmpi4j.agent;

import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.Collections;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.qmpi4j.api.Nullable;

/**
 * The class loader of everything the agent carries that the application must not see: the agent's
 * internals, its bundled tools with their file formats and report code, and its relocated ASM. In the agent jar these live
 * under {@value #PREFIX} with class files renamed to {@value #CLASS_SUFFIX}, so the system class
 * loader (which has the agent jar on its class path) can neither load nor find them; only this
 * loader reads them.
 *
 * <p>Delegation: the tool API ({@code org.qmpi4j.api.}) and this visible package
 * ({@code org.qmpi4j.agent.}, whose classes are not under the prefix) come from the loader of the
 * agent jar, so that tools and the agent share one copy of the API types; the JDK comes from the
 * platform loader; nothing comes from the application's class path, so an application that carries
 * its own ASM, JSON or JNA never meets the agent's.
 */
final class AgentClassLoader extends ClassLoader {
    /** Folder of the agent jar that holds the hidden part. */
    static final String PREFIX = "qmpi4j-internal/";
    /** Suffix of hidden class files (not {@code .class}: no other loader may take them for classes). */
    static final String CLASS_SUFFIX = ".classdata";

    static {
        registerAsParallelCapable();
    }

    private final JarFile jar;
    private final String jarUrl;
    private final ClassLoader visible;
    private final ProtectionDomain domain;

    private AgentClassLoader(JarFile jar, URL jarLocation, ClassLoader visible) {
        super("qmpi4j-agent", ClassLoader.getPlatformClassLoader());
        this.jar = jar;
        this.jarUrl = "jar:" + jarLocation.toExternalForm() + "!/";
        this.visible = visible;
        this.domain = new ProtectionDomain(new CodeSource(jarLocation, (Certificate[]) null), null, this, null);
    }

    /**
     * The loader for the agent jar at {@code jarLocation}, or {@code null} when that is no sealed
     * agent jar (a directory of classes in the project's own unit tests, or a jar built without the
     * sealing step): then the internals are on the same class path as this class.
     */
    static @Nullable AgentClassLoader forJar(@Nullable URL jarLocation, ClassLoader visible) throws IOException {
        if (jarLocation == null
                || !"file".equals(jarLocation.getProtocol())
                || !jarLocation.getPath().endsWith(".jar")) {
            return null;
        }
        JarFile jar;
        try {
            jar = new JarFile(new java.io.File(jarLocation.toURI()), false);
        } catch (java.net.URISyntaxException e) {
            throw new IOException("agent jar location " + jarLocation + " is not a file: " + e.getMessage(), e);
        }
        if (jar.getEntry(PREFIX + Internals.START_CLASS.replace('.', '/') + CLASS_SUFFIX) == null) {
            jar.close();
            return null;
        }
        return new AgentClassLoader(jar, jarLocation, visible);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (sharedWithApplication(name)) {
            return visible.loadClass(name);
        }
        return super.loadClass(name, resolve); // platform loader first, then findClass
    }

    /** The API types and the visible entry classes: one copy, from the agent jar's own loader. */
    static boolean sharedWithApplication(String className) {
        return className.startsWith("org.qmpi4j.api.")
                || (className.startsWith("org.qmpi4j.agent.")
                        && className.indexOf('.', "org.qmpi4j.agent.".length()) < 0);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String path = PREFIX + name.replace('.', '/') + CLASS_SUFFIX;
        JarEntry entry = jar.getJarEntry(path);
        if (entry == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        try (InputStream in = jar.getInputStream(entry)) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name + " (reading " + path + " of the agent jar: " + e + ")", e);
        }
        definePackageOf(name);
        return defineClass(name, bytes, 0, bytes.length, domain);
    }

    private void definePackageOf(String className) {
        int dot = className.lastIndexOf('.');
        if (dot > 0) {
            String pkg = className.substring(0, dot);
            if (getDefinedPackage(pkg) == null) {
                try {
                    definePackage(pkg, null, null, null, null, null, null, null);
                } catch (IllegalArgumentException raced) {
                    // another thread defined it first
                }
            }
        }
    }

    /**
     * The agent's own resources straight from its jar, before asking the parents: parent-first
     * would search the JDK's runtime image for every one and then open a {@code jar:} URL
     * connection (a dozen classes of {@code sun.net.www}) to read it. The JDK has no resource under
     * the agent's names, so the order changes nothing else.
     */
    @Override
    public @Nullable InputStream getResourceAsStream(String name) {
        JarEntry entry = jar.getJarEntry(PREFIX + (name.startsWith("/") ? name.substring(1) : name));
        if (entry != null) {
            try {
                return jar.getInputStream(entry);
            } catch (IOException e) {
                return null; // as the parent-first lookup does for an unreadable resource
            }
        }
        return super.getResourceAsStream(name);
    }

    @Override
    protected @Nullable URL findResource(String name) {
        String path = PREFIX + (name.startsWith("/") ? name.substring(1) : name);
        if (jar.getEntry(path) == null) {
            return null;
        }
        try {
            return new URL(jarUrl + path);
        } catch (MalformedURLException e) {
            return null;
        }
    }

    @Override
    protected Enumeration<URL> findResources(String name) {
        URL url = findResource(name);
        return url == null ? Collections.emptyEnumeration() : Collections.enumeration(Collections.singletonList(url));
    }
}
