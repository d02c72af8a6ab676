//! The audio devices cpal sees: listing them (`rochade devices`) and finding one by name.
//! A device that is listed may still not open (ALSA reports `default` on machines with no
//! sound card), so [`probe_input`] and [`probe_output`] open a stream to be sure.
use std::time::Duration;

use cpal::traits::{DeviceTrait, HostTrait, StreamTrait};

use super::{AudioError, DEVICE_TIMEOUT, with_timeout};

/// One device as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceInfo {
    /// The audio system: "PulseAudio" or "ALSA".
    pub host: String,
    /// The identifier to pass to `--device` (for example `pulseaudio:vmic`).
    pub id: String,
    /// A readable name.
    pub name: String,
    pub input: bool,
    pub output: bool,
    pub default_input: bool,
    pub default_output: bool,
}

/// Silences alsa-lib's own error printing ("cannot find card 0" …) while it lives.
fn quiet_alsa() -> Option<std::rc::Rc<std::cell::RefCell<alsa::Output>>> {
    alsa::Output::local_error_handler().ok()
}

fn device_id(device: &cpal::Device) -> String {
    device
        .id()
        .map(|id| id.to_string())
        .unwrap_or_else(|_| device.to_string())
}

fn device_name(device: &cpal::Device) -> String {
    device
        .description()
        .map(|d| d.name().to_string())
        .unwrap_or_else(|_| device.to_string())
}

/// The host cpal would use: PulseAudio when a server is reachable, ALSA otherwise.
pub fn default_host() -> cpal::Host {
    cpal::default_host()
}

fn list_blocking() -> Result<Vec<DeviceInfo>, AudioError> {
    let _quiet = quiet_alsa();
    let host = default_host();
    let host_name = host.id().name().to_string();
    let default_in = host.default_input_device().map(|d| device_id(&d));
    let default_out = host.default_output_device().map(|d| device_id(&d));
    let devices = host
        .devices()
        .map_err(|e| AudioError::Stream(e.to_string()))?;
    let mut out = Vec::new();
    for device in devices {
        let id = device_id(&device);
        out.push(DeviceInfo {
            host: host_name.clone(),
            name: device_name(&device),
            input: device.supports_input(),
            output: device.supports_output(),
            default_input: default_in.as_deref() == Some(id.as_str()),
            default_output: default_out.as_deref() == Some(id.as_str()),
            id,
        });
    }
    Ok(out)
}

/// Lists the devices of the default host, within the device deadline.
pub fn list() -> Result<Vec<DeviceInfo>, AudioError> {
    with_timeout(DEVICE_TIMEOUT, list_blocking)?
}

fn matches(device: &cpal::Device, wanted: &str) -> bool {
    let wanted = wanted.to_lowercase();
    let id = device_id(device).to_lowercase();
    let short = id.split_once(':').map(|(_, rest)| rest.to_string());
    id == wanted
        || short.as_deref() == Some(wanted.as_str())
        || device_name(device).to_lowercase() == wanted
}

/// Finds an input device by id (`pulseaudio:vmic`), short id (`vmic`) or name; `None`
/// means the default input.
pub fn find_input(wanted: Option<&str>) -> Result<cpal::Device, AudioError> {
    let _quiet = quiet_alsa();
    let host = default_host();
    match wanted {
        None => host
            .default_input_device()
            .ok_or_else(|| AudioError::NoInput("the audio system has no default input".into())),
        Some(name) => host
            .input_devices()
            .map_err(|e| AudioError::NoInput(e.to_string()))?
            .find(|d| matches(d, name))
            .ok_or_else(|| AudioError::UnknownDevice(name.to_string())),
    }
}

/// Finds an output device like [`find_input`].
pub fn find_output(wanted: Option<&str>) -> Result<cpal::Device, AudioError> {
    let _quiet = quiet_alsa();
    let host = default_host();
    match wanted {
        None => host
            .default_output_device()
            .ok_or_else(|| AudioError::NoOutput("the audio system has no default output".into())),
        Some(name) => host
            .output_devices()
            .map_err(|e| AudioError::NoOutput(e.to_string()))?
            .find(|d| matches(d, name))
            .ok_or_else(|| AudioError::UnknownDevice(name.to_string())),
    }
}

/// The 16 kHz mono configuration when the device takes it (PulseAudio converts), the
/// device's default otherwise.
pub(crate) fn input_config(
    device: &cpal::Device,
) -> Result<cpal::SupportedStreamConfig, AudioError> {
    let wanted = device
        .supported_input_configs()
        .ok()
        .and_then(|mut configs| {
            configs.find(|c| {
                c.channels() == 1
                    && c.min_sample_rate() <= super::SAMPLE_RATE
                    && c.max_sample_rate() >= super::SAMPLE_RATE
                    && c.sample_format() == cpal::SampleFormat::I16
            })
        })
        .map(|c| c.with_sample_rate(super::SAMPLE_RATE));
    match wanted {
        Some(config) => Ok(config),
        None => device
            .default_input_config()
            .map_err(|e| AudioError::NoInput(e.to_string())),
    }
}

/// Opens the input device for a moment: `Ok` means a stream really runs.
pub fn probe_input(wanted: Option<&str>) -> Result<String, AudioError> {
    let wanted = wanted.map(str::to_string);
    with_timeout(DEVICE_TIMEOUT, move || {
        let device = find_input(wanted.as_deref())?;
        let config = input_config(&device)?;
        let _quiet = quiet_alsa();
        let stream = device
            .build_input_stream_raw(
                config.config(),
                config.sample_format(),
                |_data, _info| {},
                |_err| {},
                Some(Duration::from_secs(3)),
            )
            .map_err(|e| AudioError::NoInput(e.to_string()))?;
        stream
            .play()
            .map_err(|e| AudioError::NoInput(e.to_string()))?;
        Ok(device_id(&device))
    })?
}

/// Opens the output device for a moment, like [`probe_input`].
pub fn probe_output(wanted: Option<&str>) -> Result<String, AudioError> {
    let wanted = wanted.map(str::to_string);
    with_timeout(DEVICE_TIMEOUT, move || {
        let device = find_output(wanted.as_deref())?;
        let config = device
            .default_output_config()
            .map_err(|e| AudioError::NoOutput(e.to_string()))?;
        let _quiet = quiet_alsa();
        let stream = device
            .build_output_stream_raw(
                config.config(),
                config.sample_format(),
                |data, _info| {
                    // silence
                    let _ = data;
                },
                |_err| {},
                Some(Duration::from_secs(3)),
            )
            .map_err(|e| AudioError::NoOutput(e.to_string()))?;
        stream
            .play()
            .map_err(|e| AudioError::NoOutput(e.to_string()))?;
        Ok(device_id(&device))
    })?
}

pub(crate) fn id_of(device: &cpal::Device) -> String {
    device_id(device)
}
