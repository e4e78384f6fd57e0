package org.qmpi4j.cli.otf2;

import com.sun.jna.Callback;
import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import org.qmpi4j.api.Nullable;

/**
 * The part of OTF2's writer API the export calls (OTF2 3.0: {@code otf2/OTF2_Archive.h},
 * {@code OTF2_GlobalDefWriter.h}, {@code OTF2_EvtWriter.h}). OTF2's 8-bit enumerations are passed
 * as {@code byte}, 32-bit references as {@code int}, 64-bit values as {@code long}; every
 * function but the getters returns an {@code OTF2_ErrorCode} (0: success).
 */
interface LibOtf2 extends Library {
    /** {@code OTF2_PreFlushCallback}: always flush to the file. */
    interface PreFlush extends Callback {
        byte invoke(Pointer userData, byte fileType, long location, Pointer callerData, boolean last);
    }

    /** {@code OTF2_FlushCallbacks}; no post-flush callback, so no flush records in the trace. */
    @Structure.FieldOrder({"preFlush", "postFlush"})
    final class FlushCallbacks extends Structure {
        // Set after construction, as JNA structures are; postFlush stays null.
        public @Nullable PreFlush preFlush;
        public @Nullable Pointer postFlush;
    }

    Pointer OTF2_Archive_Open(
            String path,
            String name,
            byte fileMode,
            long chunkSizeEvents,
            long chunkSizeDefs,
            byte substrate,
            byte compression);

    int OTF2_Archive_Close(Pointer archive);

    int OTF2_Archive_SetFlushCallbacks(Pointer archive, FlushCallbacks callbacks, @Nullable Pointer data);

    int OTF2_Archive_SetSerialCollectiveCallbacks(Pointer archive);

    int OTF2_Archive_SetCreator(Pointer archive, String creator);

    int OTF2_Archive_SetDescription(Pointer archive, String description);

    int OTF2_Archive_OpenEvtFiles(Pointer archive);

    int OTF2_Archive_CloseEvtFiles(Pointer archive);

    int OTF2_Archive_OpenDefFiles(Pointer archive);

    int OTF2_Archive_CloseDefFiles(Pointer archive);

    Pointer OTF2_Archive_GetEvtWriter(Pointer archive, long location);

    int OTF2_Archive_CloseEvtWriter(Pointer archive, Pointer writer);

    Pointer OTF2_Archive_GetDefWriter(Pointer archive, long location);

    int OTF2_Archive_CloseDefWriter(Pointer archive, Pointer writer);

    Pointer OTF2_Archive_GetGlobalDefWriter(Pointer archive);

    String OTF2_Error_GetName(int code);

    String OTF2_Error_GetDescription(int code);

    int OTF2_GlobalDefWriter_WriteClockProperties(
            Pointer w, long resolution, long globalOffset, long traceLength, long realtimeTimestamp);

    int OTF2_GlobalDefWriter_WriteString(Pointer w, int id, String text);

    int OTF2_GlobalDefWriter_WriteParadigm(Pointer w, byte paradigm, int name, byte paradigmClass);

    int OTF2_GlobalDefWriter_WriteSystemTreeNode(Pointer w, int id, int name, int className, int parent);

    int OTF2_GlobalDefWriter_WriteLocationGroup(
            Pointer w, int id, int name, byte type, int systemTreeParent, int creatingLocationGroup);

    int OTF2_GlobalDefWriter_WriteLocation(Pointer w, long id, int name, byte type, long events, int group);

    int OTF2_GlobalDefWriter_WriteRegion(
            Pointer w,
            int id,
            int name,
            int canonicalName,
            int description,
            byte role,
            byte paradigm,
            int flags,
            int sourceFile,
            int beginLine,
            int endLine);

    int OTF2_GlobalDefWriter_WriteGroup(
            Pointer w, int id, int name, byte type, byte paradigm, int flags, int members, @Nullable long[] memberList);

    int OTF2_GlobalDefWriter_WriteComm(Pointer w, int id, int name, int group, int parent, int flags);

    int OTF2_GlobalDefWriter_WriteInterComm(
            Pointer w, int id, int name, int localGroup, int remoteGroup, int parent, int flags);

    int OTF2_EvtWriter_Enter(Pointer w, @Nullable Pointer attributes, long time, int region);

    int OTF2_EvtWriter_Leave(Pointer w, @Nullable Pointer attributes, long time, int region);

    int OTF2_EvtWriter_MpiSend(
            Pointer w, @Nullable Pointer attributes, long time, int receiver, int comm, int tag, long bytes);

    int OTF2_EvtWriter_MpiIsend(
            Pointer w,
            @Nullable Pointer attributes,
            long time,
            int receiver,
            int comm,
            int tag,
            long bytes,
            long request);

    int OTF2_EvtWriter_MpiIsendComplete(Pointer w, @Nullable Pointer attributes, long time, long request);

    int OTF2_EvtWriter_MpiIrecvRequest(Pointer w, @Nullable Pointer attributes, long time, long request);

    int OTF2_EvtWriter_MpiRecv(
            Pointer w, @Nullable Pointer attributes, long time, int sender, int comm, int tag, long bytes);

    int OTF2_EvtWriter_MpiIrecv(
            Pointer w,
            @Nullable Pointer attributes,
            long time,
            int sender,
            int comm,
            int tag,
            long bytes,
            long request);

    int OTF2_EvtWriter_MpiCollectiveBegin(Pointer w, @Nullable Pointer attributes, long time);

    int OTF2_EvtWriter_MpiCollectiveEnd(
            Pointer w, @Nullable Pointer attributes, long time, byte op, int comm, int root, long sent, long received);
}
