//! The few functions of the pocketsphinx 5prealpha C API (Debian `libpocketsphinx-dev`) that
//! the pocketsphinx backend uses, declared by hand: the `pocketsphinx` crate binds the older
//! 0.8 API (`ps_start_utt(ps, uttid)`), whose signatures do not match this library.
#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_int, c_void};

/// `cmd_ln_t`: a parsed configuration.
#[repr(C)]
pub struct cmd_ln_t {
    _opaque: [u8; 0],
}
/// `arg_t`: the table of argument definitions.
#[repr(C)]
pub struct arg_t {
    _opaque: [u8; 0],
}
/// `ps_decoder_t`: the decoder.
#[repr(C)]
pub struct ps_decoder_t {
    _opaque: [u8; 0],
}
/// `ps_seg_t`: the word segment iterator.
#[repr(C)]
pub struct ps_seg_t {
    _opaque: [u8; 0],
}
/// `ps_nbest_t`: the n-best iterator.
#[repr(C)]
pub struct ps_nbest_t {
    _opaque: [u8; 0],
}

/// sphinxbase's `cmn_t`, the cepstral mean normalisation's state (its header, `cmn.h`,
/// declares it in full): `mfcc_t` is `float` in Debian's build (no `FIXED_POINT`).
#[repr(C)]
pub struct cmn_t {
    pub cmn_mean: *mut f32,
    pub cmn_var: *mut f32,
    pub sum: *mut f32,
    pub nframe: i32,
    pub veclen: i32,
}

/// The head of sphinxbase's `feat_t` (`feat.h`) up to its CMN state, field for field: the
/// decoder gives its feature computation out (`ps_get_feat`) but no accessor of the CMN.
#[repr(C)]
pub struct feat_t {
    pub refcount: c_int,
    pub name: *mut c_char,
    pub cepsize: i32,
    pub n_stream: i32,
    pub stream_len: *mut u32,
    pub window_size: i32,
    pub n_sv: i32,
    pub sv_len: *mut u32,
    pub subvecs: *mut *mut i32,
    pub sv_buf: *mut f32,
    pub sv_dim: i32,
    /// `cmn_type_t`: 0 none, 1 batch, 2 live.
    pub cmn: c_int,
    pub varnorm: i32,
    pub agc: c_int,
    pub compute_feat: Option<unsafe extern "C" fn()>,
    pub cmn_struct: *mut cmn_t,
}

/// `CMN_NONE` of sphinxbase's `cmn_type_t`. Any other (the model's own is batch) is a
/// running mean when the audio comes in blocks, as it always does here.
pub const CMN_NONE: c_int = 0;

unsafe extern "C" {
    pub fn ps_get_feat(ps: *mut ps_decoder_t) -> *mut feat_t;
    /// Sets the running mean to `vec`, as if it had been heard over sphinxbase's window
    /// (`CMN_WIN`, 500 frames).
    pub fn cmn_live_set(cmn: *mut cmn_t, vec: *const f32);
    pub fn ps_args() -> *const arg_t;
    pub fn cmd_ln_parse_r(
        inout_cmdln: *mut cmd_ln_t,
        defn: *const arg_t,
        argc: i32,
        argv: *mut *mut c_char,
        strict: i32,
    ) -> *mut cmd_ln_t;
    pub fn cmd_ln_free_r(cmdln: *mut cmd_ln_t) -> c_int;
    /// Sets where sphinxbase logs; a null stream turns logging off.
    pub fn err_set_logfp(stream: *mut c_void);

    pub fn ps_init(config: *mut cmd_ln_t) -> *mut ps_decoder_t;
    pub fn ps_free(ps: *mut ps_decoder_t) -> c_int;
    pub fn ps_add_word(
        ps: *mut ps_decoder_t,
        word: *const c_char,
        phones: *const c_char,
        update: c_int,
    ) -> c_int;
    pub fn ps_set_jsgf_string(
        ps: *mut ps_decoder_t,
        name: *const c_char,
        jsgf_string: *const c_char,
    ) -> c_int;
    pub fn ps_set_search(ps: *mut ps_decoder_t, name: *const c_char) -> c_int;
    pub fn ps_unset_search(ps: *mut ps_decoder_t, name: *const c_char) -> c_int;
    pub fn ps_start_utt(ps: *mut ps_decoder_t) -> c_int;
    pub fn ps_process_raw(
        ps: *mut ps_decoder_t,
        data: *const i16,
        n_samples: usize,
        no_search: c_int,
        full_utt: c_int,
    ) -> c_int;
    pub fn ps_end_utt(ps: *mut ps_decoder_t) -> c_int;
    pub fn ps_get_hyp(ps: *mut ps_decoder_t, out_best_score: *mut i32) -> *const c_char;
    /// Builds (or returns the one already built for) the word lattice of the utterance.
    pub fn ps_get_lattice(ps: *mut ps_decoder_t) -> *mut c_void;
    pub fn ps_nbest(ps: *mut ps_decoder_t) -> *mut ps_nbest_t;
    pub fn ps_nbest_next(nbest: *mut ps_nbest_t) -> *mut ps_nbest_t;
    pub fn ps_nbest_hyp(nbest: *mut ps_nbest_t, out_score: *mut i32) -> *const c_char;
    pub fn ps_nbest_free(nbest: *mut ps_nbest_t);
    pub fn ps_set_allphone_file(
        ps: *mut ps_decoder_t,
        name: *const c_char,
        path: *const c_char,
    ) -> c_int;
    pub fn ps_seg_iter(ps: *mut ps_decoder_t) -> *mut ps_seg_t;
    pub fn ps_seg_next(seg: *mut ps_seg_t) -> *mut ps_seg_t;
    pub fn ps_seg_prob(
        seg: *mut ps_seg_t,
        out_ascr: *mut i32,
        out_lscr: *mut i32,
        out_lback: *mut i32,
    ) -> i32;
    pub fn ps_seg_word(seg: *mut ps_seg_t) -> *const c_char;
    pub fn ps_seg_frames(seg: *mut ps_seg_t, out_sf: *mut c_int, out_ef: *mut c_int);
}
