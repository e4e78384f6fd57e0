package org.qmpi4j.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** The date and the machine a result was measured on, for the head of every report. */
public final class Machine {
    private Machine() {}

    public static String describe() {
        return "date: " + ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME) + "\n"
                + "machine: " + cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores available, "
                + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch") + "\n"
                + "java: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + "\n"
                + "load average at start: " + loadAverage();
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the OS line below still says what it is
        }
        return "unknown CPU";
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return String.format(
                    "%.2f",
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                            .getSystemLoadAverage());
        }
    }
}
