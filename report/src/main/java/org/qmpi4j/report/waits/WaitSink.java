package org.qmpi4j.report.waits;

import org.qmpi4j.api.Nullable;
import org.qmpi4j.formats.waits.Pattern;

/** Where the pattern matchers hand each wait they find. */
interface WaitSink {
    /**
     * {@code victim} waited {@code ns} for {@code late}, whose rank's critical path up to that call
     * is {@code lateNode} (or null).
     */
    void offer(CallSegment victim, Pattern pattern, long ns, CallSegment late, @Nullable CriticalPathNode lateNode);
}
