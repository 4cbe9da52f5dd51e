/**
 * The MECE roadmap (docs/product.md#strategy-builder): each maxima with its tasks, and the gaps flagged.
 * Apart from the strategy's schema so that the Overview, which draws the roadmap, does not
 * evaluate zod and the input validators on a founder's first load (decision 311).
 */
export type RoadmapInput<T extends { maximaIndex: number | null }> = { maximas: string[]; tasks: T[] };

export function buildRoadmap<T extends { maximaIndex: number | null }>({ maximas, tasks }: RoadmapInput<T>) {
  const branches = maximas.map((maxima, index) => ({
    index,
    maxima,
    tasks: tasks.filter((task) => task.maximaIndex === index),
  }));
  const unlinkedTasks = tasks.filter(
    (task) => task.maximaIndex === null || task.maximaIndex < 0 || task.maximaIndex >= maximas.length,
  );
  return {
    branches,
    unlinkedTasks,
    maximasWithoutTasks: branches.filter((branch) => branch.tasks.length === 0).map((branch) => branch.index),
  };
}
