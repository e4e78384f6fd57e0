/**
 * The results written in the formats of the tools HPC users already analyse with: Caliper's
 * json-split profile for Hatchet and Thicket ({@link CaliperJson}). {@code qmpi4j export} drives
 * them.
 */
package org.qmpi4j.report.export;
