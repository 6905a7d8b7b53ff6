// The pick of a voice-over and subtitles moved to shared/video (the watch party picks its host's tracks
// with it too); the player's modules keep importing it from here.
export * from '../../../shared/video/track-choice';
