// asciichart ships no types; this is the part of its API pooltop uses.
declare module 'asciichart' {
  export interface PlotConfig {
    height?: number;
    min?: number;
    max?: number;
    offset?: number;
    padding?: string;
    format?: (value: number, row: number) => string;
    symbols?: string[];
  }
  export function plot(series: number[] | number[][], config?: PlotConfig): string;
}
