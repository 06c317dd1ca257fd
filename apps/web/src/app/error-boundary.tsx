import { Component, type ReactNode } from 'react';

type ErrorBoundaryProps = {
  children: ReactNode;
  fallback: ReactNode;
  /** The error clears when this changes, so navigating away from a broken page recovers. */
  resetKey?: string;
};

type ErrorBoundaryState = { failed: boolean; renderedKey: string | undefined };

/** Shows `fallback` instead of a subtree that threw while rendering or loading its code. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, renderedKey: undefined };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (!state.failed) return { renderedKey: props.resetKey };
    if (state.renderedKey !== props.resetKey) return { failed: false, renderedKey: props.resetKey };
    return null;
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
