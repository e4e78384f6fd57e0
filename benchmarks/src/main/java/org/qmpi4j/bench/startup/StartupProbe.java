package org.qmpi4j.bench.startup;

import java.io.IOException;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Loads, without initialising, every class of the jars named on the command line through the
 * application class loader, then exits: what a JVM does before an MPI application's {@code main}
 * gets going, and with the agent attached, every class that calls MPI is rewritten on the way.
 * Packaged alone ({@code qmpi4j-benchmarks-<version>-startup.jar}) so that nothing but the
 * application and the real binding is on the class path.
 */
public final class StartupProbe {
    private StartupProbe() {}

    public static void main(String[] jars) throws IOException, ClassNotFoundException {
        ClassLoader app = StartupProbe.class.getClassLoader();
        int loaded = 0;
        for (String jar : jars) {
            try (JarFile f = new JarFile(jar)) {
                for (Enumeration<JarEntry> e = f.entries(); e.hasMoreElements(); ) {
                    String name = e.nextElement().getName();
                    if (name.endsWith(".class") && !name.endsWith("module-info.class")) {
                        Class.forName(
                                name.substring(0, name.length() - ".class".length())
                                        .replace('/', '.'),
                                false,
                                app);
                        loaded++;
                    }
                }
            }
        }
        System.out.println("qmpi4j-startup: loaded " + loaded + " classes");
    }
}
