/**
 * OTF2's C library ({@code libopen-trace-format2}, Debian's {@code libopen-trace-format2-10})
 * through JNA, as the writer of {@code qmpi4j export --format otf2}: {@link NativeOtf2Archive}
 * implements the export's {@code Otf2Records} over it. Loaded only when that export runs.
 */
package org.qmpi4j.cli.otf2;
