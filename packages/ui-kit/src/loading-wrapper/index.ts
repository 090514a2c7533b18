export {
  FullScreenLoading,
  type FullScreenLoadingProps,
  LoadingWrapper,
  type LoadingWrapperProps,
  type LoadingWrapperState,
  useLoadingWrapper,
} from './loading-wrapper';
