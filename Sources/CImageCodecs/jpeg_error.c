#include <string.h>
#include "jpeg_error.h"
#include "internal.h"

static void cic_jpeg_error_exit(j_common_ptr cinfo) {
    cic_jpeg_error_mgr *err = (cic_jpeg_error_mgr *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    longjmp(err->jump, 1);
}

static void cic_jpeg_output_message(j_common_ptr cinfo) {
    cic_jpeg_error_mgr *err = (cic_jpeg_error_mgr *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    cic_warnings_add(err->warnings, sizeof err->warnings, &err->warnings_length, text);
}

static void cic_jpeg_emit_message(j_common_ptr cinfo, int msg_level) {
    cic_jpeg_error_mgr *err = (cic_jpeg_error_mgr *)cinfo->err;
    if (msg_level >= 0) return; /* trace output: ignore */
    err->pub.num_warnings++;
    /* The data ran out: the file ends ("Premature end of JPEG file"), or the entropy-coded
     * data runs into the end-of-image marker ("premature end of data segment" with EOI
     * next: a file cut short and closed with FF D9). libjpeg fills the rest with gray. */
    int ran_out = err->pub.msg_code == JWRN_JPEG_EOF
        || (err->pub.msg_code == JWRN_HIT_MARKER && cinfo->is_decompressor
            && ((j_decompress_ptr)cinfo)->unread_marker == 0xD9);
    if (ran_out && !err->saw_eof) {
        err->saw_eof = 1;
        if (cinfo->is_decompressor) {
            j_decompress_ptr d = (j_decompress_ptr)cinfo;
            err->eof_scan = d->input_scan_number;
            err->eof_imcu_row = d->input_iMCU_row;
        }
    }
    cic_jpeg_output_message(cinfo);
}

struct jpeg_error_mgr *cic_jpeg_error_init(cic_jpeg_error_mgr *err) {
    jpeg_std_error(&err->pub);
    err->pub.error_exit = cic_jpeg_error_exit;
    err->pub.output_message = cic_jpeg_output_message;
    err->pub.emit_message = cic_jpeg_emit_message;
    err->message[0] = '\0';
    err->warnings[0] = '\0';
    err->warnings_length = 0;
    err->saw_eof = 0;
    err->eof_scan = 0;
    err->eof_imcu_row = 0;
    return &err->pub;
}
