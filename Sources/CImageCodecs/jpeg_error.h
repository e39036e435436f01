#ifndef CIMAGECODECS_JPEG_ERROR_H
#define CIMAGECODECS_JPEG_ERROR_H
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>
#include "cimagecodecs.h"

/*
 * libjpeg error manager that never exits or prints:
 * error_exit formats the message and longjmps back into the shim function
 * that called setjmp; warnings are collected (de-duplicated) in a buffer.
 */
typedef struct cic_jpeg_error_mgr {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    char warnings[CIC_WARNINGS_CAPACITY];
    size_t warnings_length;
    int saw_eof;               /* the data ran out: JWRN_JPEG_EOF, or JWRN_HIT_MARKER at EOI */
    int eof_scan;              /* input_scan_number when the data ran out */
    unsigned long eof_imcu_row;/* input_iMCU_row when the data ran out */
} cic_jpeg_error_mgr;

/* Installs the handlers into err and returns &err->pub for cinfo->err. */
struct jpeg_error_mgr *cic_jpeg_error_init(cic_jpeg_error_mgr *err);

#endif
